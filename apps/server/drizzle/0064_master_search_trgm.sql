-- Master-data keyword searches by trigram (issue #13: the RFQ, auction and demand-pool pickers search materials
-- and suppliers on the server as the user types). `material` is searched by number prefix or name part,
-- `supplier_master` by code, account, full or short name (ILIKE '%…%'): GIN trigram indexes on each column
-- let a rare keyword be found without reading all of a company's rows. pg_trgm is a trusted extension
-- (PostgreSQL 13+: the database's owner may create it; PGlite loads it, platform/db.ts). A role that may not
-- create it gets a warning and the searches work as before, without these indexes.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN insufficient_privilege OR undefined_file OR feature_not_supported THEN
  RAISE WARNING 'pg_trgm not available (%): master-data keyword searches run without trigram indexes', SQLERRM;
END $$;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS "material_number_trgm_idx" ON "material" USING gin ("material_number" gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS "material_name_trgm_idx" ON "material" USING gin ("material_name" gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS "supplier_master_code_trgm_idx" ON "supplier_master" USING gin ("supplier_code" gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS "supplier_master_account_trgm_idx" ON "supplier_master" USING gin ("to_els_account" gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS "supplier_master_full_name_trgm_idx" ON "supplier_master" USING gin ("full_name" gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS "supplier_master_short_name_trgm_idx" ON "supplier_master" USING gin ("short_name" gin_trgm_ops);
  END IF;
END $$;
