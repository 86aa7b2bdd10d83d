-- hand-written: issue #19 organisation master data. Purchase organisations, purchase groups, factories and
-- cost centres of a buyer company, one row per record with its unit_type; the code is unique per company
-- and type (documents and data permissions carry it).
CREATE TABLE IF NOT EXISTS "org_unit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"unit_type" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"parent_code" text,
	"status" text DEFAULT 'enabled' NOT NULL,
	"create_user" text NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_update_user" text NOT NULL,
	"last_update_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "org_unit_type_ck" CHECK ("unit_type" in ('purchaseOrganization', 'purchaseGroup', 'factory', 'costCenter')),
	CONSTRAINT "org_unit_status_ck" CHECK ("status" in ('enabled', 'disabled'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "org_unit_code_uq" ON "org_unit" USING btree ("els_account","unit_type","code");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "org_unit_parent_idx" ON "org_unit" USING btree ("els_account","unit_type","parent_code");
--> statement-breakpoint
-- Databases with documents or data permissions from before: every code they already carry becomes a
-- record (named by its code, no parent yet), so each resolves and the data permission check keeps them.
INSERT INTO "org_unit" ("els_account", "unit_type", "code", "name", "create_user", "last_update_user")
SELECT DISTINCT s."els_account", s."unit_type", s."code", s."code", 'migration', 'migration'
FROM (
	SELECT "els_account", 'purchaseOrganization' AS "unit_type", btrim("purchase_organization") AS "code" FROM "purchase_order"
	UNION ALL SELECT "els_account", 'purchaseGroup', btrim("purchase_group") FROM "purchase_order"
	UNION ALL SELECT "els_account", 'factory', btrim("purchase_factory") FROM "purchase_request"
	UNION ALL SELECT "els_account", 'costCenter', btrim("cost_center") FROM "purchase_request"
	UNION ALL SELECT p."els_account",
		CASE p."item" WHEN 'purchaseOrg' THEN 'purchaseOrganization' ELSE p."item" END, btrim(v.code)
	FROM "subaccount_data_permission" p, unnest(p."values") AS v(code)
	WHERE p."item" in ('purchaseOrg', 'purchaseGroup', 'factory', 'costCenter')
) s
WHERE s."code" IS NOT NULL AND s."code" <> ''
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The menu entries under Master data of the buyer station (company admins), for databases seeded before.
INSERT INTO "menu" ("station", "els_account", "parent_id", "app_name", "app_name_en", "app_url", "app_code", "roles", "group_paths", "query", "keep_alive", "sort_order")
SELECT p."station", NULL, p."id", e.zh, e.en, e.url, e.code, '["admin"]'::jsonb, '[]'::jsonb, '{}'::jsonb, true, e.sort
FROM "menu" p
CROSS JOIN (VALUES
	('采购组织', 'Purchase organisations', '/masterdata/#/v2/purchase-organization', 'org-purchase-organization', 70),
	('采购组', 'Purchase groups', '/masterdata/#/v2/purchase-group', 'org-purchase-group', 80),
	('工厂', 'Factories', '/masterdata/#/v2/factory', 'org-factory', 90),
	('成本中心', 'Cost centres', '/masterdata/#/v2/cost-center', 'org-cost-center', 100)
) AS e(zh, en, url, code, sort)
WHERE p."app_code" = 'masterdata' AND p."station" = 'purchase' AND p."els_account" IS NULL AND p."parent_id" IS NULL
  AND NOT EXISTS (SELECT 1 FROM "menu" c WHERE c."parent_id" = p."id" AND c."app_code" = e.code);
