CREATE TABLE "contract" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"to_els_account" text NOT NULL,
	"flow_id" uuid,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"extend_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"create_user" text NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_update_user" text NOT NULL,
	"last_update_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"contract_number" text NOT NULL,
	"contract_status" text DEFAULT '0' NOT NULL,
	"audit_status" text DEFAULT '0' NOT NULL,
	"contract_name" text NOT NULL,
	"contract_type" text NOT NULL,
	"supplier_name" text NOT NULL,
	"buyer_name" text NOT NULL,
	"source_type" text NOT NULL,
	"source_number" text NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"contract_amount" numeric(18, 2) NOT NULL,
	"progress_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"effective_date" date NOT NULL,
	"termination_date" date,
	"evergreen" text DEFAULT 'N' NOT NULL,
	"payment_terms" text,
	"sign_date" date,
	"send_back_reason" text,
	"terminate_reason" text,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "contract_clauses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"to_els_account" text NOT NULL,
	"line_number" integer NOT NULL,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"document_id" uuid NOT NULL,
	"clause_title" text NOT NULL,
	"clause_body" text,
	"clause_code" text,
	"clause_version" integer
);
--> statement-breakpoint
CREATE TABLE "contract_item" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"to_els_account" text NOT NULL,
	"line_number" integer NOT NULL,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"document_id" uuid NOT NULL,
	"material_number" text NOT NULL,
	"material_desc" text,
	"quantity" numeric(18, 3) NOT NULL,
	"unit" text,
	"price_including_tax" numeric(18, 6) NOT NULL,
	"tax_rate" numeric(18, 2),
	"price_excluding_tax" numeric(18, 6),
	"line_amount" numeric(18, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_payment_stages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"to_els_account" text NOT NULL,
	"line_number" integer NOT NULL,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"document_id" uuid NOT NULL,
	"stage_name" text NOT NULL,
	"pay_ratio" numeric(18, 2),
	"pay_amount" numeric(18, 2),
	"planned_date" date
);
--> statement-breakpoint
ALTER TABLE "contract_clauses" ADD CONSTRAINT "contract_clauses_document_id_contract_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."contract"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_item" ADD CONSTRAINT "contract_item_document_id_contract_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."contract"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_payment_stages" ADD CONSTRAINT "contract_payment_stages_document_id_contract_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."contract"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contract_number_uq" ON "contract" USING btree ("els_account","contract_number" collate "C");--> statement-breakpoint
CREATE INDEX "contract_supplier_number_idx" ON "contract" USING btree ("to_els_account","contract_number" collate "C","id");--> statement-breakpoint
CREATE INDEX "contract_buyer_list_idx" ON "contract" USING btree ("els_account","effective_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contract_buyer_status_idx" ON "contract" USING btree ("els_account","contract_status","effective_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contract_supplier_list_idx" ON "contract" USING btree ("to_els_account","effective_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contract_supplier_status_idx" ON "contract" USING btree ("to_els_account","contract_status","effective_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contract_supplier_idx" ON "contract" USING btree ("els_account","to_els_account");--> statement-breakpoint
CREATE INDEX "contract_clauses_document_idx" ON "contract_clauses" USING btree ("document_id","line_number");--> statement-breakpoint
CREATE INDEX "contract_item_document_idx" ON "contract_item" USING btree ("document_id","line_number");--> statement-breakpoint
CREATE INDEX "contract_payment_stages_document_idx" ON "contract_payment_stages" USING btree ("document_id","line_number");--> statement-breakpoint
-- hand-written: (issue #36, branch contract36) the contract menu groups with their entries, for databases seeded
-- before they existed: buyer "合同管理 / Contract management" with "采购合同 / Purchase contracts", supplier "销售合同 /
-- Sales contracts" with "合同列表 / Contract list", after each station's Supplier improvement group
-- (a fresh database gets them from the seed; there the menu is still empty when migrations run and these add nothing).
INSERT INTO "menu" ("station", "els_account", "parent_id", "app_name", "app_name_en", "app_url", "app_icon", "app_code", "roles", "sort_order")
SELECT o."station", o."els_account", NULL,
  CASE o."station" WHEN 'purchase' THEN '合同管理' ELSE '销售合同' END,
  CASE o."station" WHEN 'purchase' THEN 'Contract management' ELSE 'Sales contracts' END,
  '', 'FileTextOutlined', 'contract', '[]'::jsonb, o."sort_order" + 1
FROM "menu" o
WHERE o."parent_id" IS NULL AND o."app_code" = 'improvement' AND o."station" IN ('purchase', 'sale')
  AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."parent_id" IS NULL AND m."station" = o."station"
                  AND m."els_account" IS NOT DISTINCT FROM o."els_account" AND m."app_code" = 'contract');--> statement-breakpoint
INSERT INTO "menu" ("station", "els_account", "parent_id", "app_name", "app_name_en", "app_url", "app_code", "roles", "sort_order")
SELECT g."station", g."els_account", g."id", e.zh, e.en, e.url, e.code, '[]'::jsonb, e.sort
FROM "menu" g
JOIN (VALUES ('purchase', 'contract-list', '采购合同', 'Purchase contracts', '/contract/#/v2/contract/list', 10),
             ('sale', 'contract-list', '合同列表', 'Contract list', '/contract/#/v2/contract/list', 10))
  AS e(station, code, zh, en, url, sort) ON e.station = g."station"
WHERE g."parent_id" IS NULL AND g."app_code" = 'contract'
  AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."parent_id" = g."id" AND m."app_code" = e.code);
-- hand-written: end (issue #36, contract)
