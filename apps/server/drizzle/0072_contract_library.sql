CREATE TABLE "contract_clause_library" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"code" text NOT NULL,
	"clause_version" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"category" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"locked" text DEFAULT 'N' NOT NULL,
	"create_user" text NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_update_user" text NOT NULL,
	"last_update_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_template" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"items" jsonb NOT NULL,
	"header_text" text,
	"footer_text" text,
	"end_content" text,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"create_user" text NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_update_user" text NOT NULL,
	"last_update_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_type" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"default_template" text,
	"number_prefix" text,
	"amount_control" text DEFAULT 'N' NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"create_user" text NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_update_user" text NOT NULL,
	"last_update_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contract" ADD COLUMN "template_code" text;--> statement-breakpoint
CREATE UNIQUE INDEX "contract_clause_library_code_uq" ON "contract_clause_library" USING btree ("els_account","code","clause_version");--> statement-breakpoint
CREATE INDEX "contract_clause_library_status_idx" ON "contract_clause_library" USING btree ("els_account","status","code");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_template_code_uq" ON "contract_template" USING btree ("els_account","code");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_type_code_uq" ON "contract_type" USING btree ("els_account","code");--> statement-breakpoint
-- hand-written: (issue #36, branch con36) existing contracts keep an editable type: each company's contract type
-- codes in use become enabled types of its master, named after the first slice's fixed dictionary.
INSERT INTO "contract_type" ("els_account", "code", "name", "name_en", "create_user", "last_update_user")
SELECT DISTINCT c."els_account", c."contract_type",
  CASE c."contract_type" WHEN 'FRAME' THEN '框架协议' WHEN 'PURCHASE' THEN '采购合同' WHEN 'SERVICE' THEN '服务合同' ELSE c."contract_type" END,
  CASE c."contract_type" WHEN 'FRAME' THEN 'Framework agreement' WHEN 'PURCHASE' THEN 'Purchase contract' WHEN 'SERVICE' THEN 'Service contract' ELSE c."contract_type" END,
  'migration', 'migration'
FROM "contract" c
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- hand-written: the buyer's contract administration entries under "合同管理 / Contract management" (menu group of
-- 0071), for databases seeded before they existed (a fresh database gets them from the seed).
INSERT INTO "menu" ("station", "els_account", "parent_id", "app_name", "app_name_en", "app_url", "app_code", "roles", "sort_order")
SELECT g."station", g."els_account", g."id", e.zh, e.en, e.url, e.code, '[]'::jsonb, e.sort
FROM "menu" g
JOIN (VALUES ('contract-types', '合同类型', 'Contract types', '/contract/#/v2/contract-type/list', 20),
             ('contract-clauses', '条款库', 'Clause library', '/contract/#/v2/clause/list', 30),
             ('contract-templates', '合同模板', 'Contract templates', '/contract/#/v2/template/list', 40))
  AS e(code, zh, en, url, sort) ON TRUE
WHERE g."parent_id" IS NULL AND g."app_code" = 'contract' AND g."station" = 'purchase'
  AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."parent_id" = g."id" AND m."app_code" = e.code);
-- hand-written: end (issue #36, contract library)
