CREATE TABLE "add_cost" (
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
	"cost_number" text NOT NULL,
	"cost_status" text DEFAULT '0' NOT NULL,
	"recon_flag" text DEFAULT '0' NOT NULL,
	"recon_id" uuid,
	"recon_number" text,
	"supplier_name" text NOT NULL,
	"buyer_name" text NOT NULL,
	"cost_type" text NOT NULL,
	"cost_date" date NOT NULL,
	"cost_cause" text NOT NULL,
	"cost_way" text DEFAULT '1' NOT NULL,
	"deduct_type" text,
	"refund_number" text,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"cost_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"net_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"tax_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"back_reason" text,
	"delete_flag" text,
	"cost_desc" text
);
--> statement-breakpoint
CREATE TABLE "add_cost_item" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"to_els_account" text NOT NULL,
	"line_number" integer NOT NULL,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"document_id" uuid NOT NULL,
	"condition_type" text NOT NULL,
	"cost_desc" text NOT NULL,
	"balance_quantity" numeric(18, 3),
	"cost_amount" numeric(18, 2) NOT NULL,
	"tax_rate" text NOT NULL,
	"free_item" text,
	"net_amount" numeric(18, 2) NOT NULL,
	"tax_amount" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deduct_cost" (
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
	"cost_number" text NOT NULL,
	"cost_status" text DEFAULT '0' NOT NULL,
	"recon_flag" text DEFAULT '0' NOT NULL,
	"recon_id" uuid,
	"recon_number" text,
	"supplier_name" text NOT NULL,
	"buyer_name" text NOT NULL,
	"cost_type" text NOT NULL,
	"cost_date" date NOT NULL,
	"cost_cause" text NOT NULL,
	"cost_way" text DEFAULT '1' NOT NULL,
	"deduct_type" text,
	"refund_number" text,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"cost_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"net_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"tax_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"back_reason" text,
	"delete_flag" text,
	"cost_desc" text
);
--> statement-breakpoint
CREATE TABLE "deduct_cost_item" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"to_els_account" text NOT NULL,
	"line_number" integer NOT NULL,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"document_id" uuid NOT NULL,
	"condition_type" text NOT NULL,
	"cost_desc" text NOT NULL,
	"balance_quantity" numeric(18, 3),
	"cost_amount" numeric(18, 2) NOT NULL,
	"tax_rate" text NOT NULL,
	"free_item" text,
	"net_amount" numeric(18, 2) NOT NULL,
	"tax_amount" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recon" (
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
	"recon_number" text NOT NULL,
	"check_status" text DEFAULT '0' NOT NULL,
	"recon_source" text NOT NULL,
	"invoice_status" text DEFAULT '0' NOT NULL,
	"buyer_name" text NOT NULL,
	"supplier_name" text NOT NULL,
	"recon_date" date NOT NULL,
	"begin_date" date NOT NULL,
	"end_date" date NOT NULL,
	"currency" text NOT NULL,
	"collection_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"refund_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"deduct_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"additional_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"net_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"tax_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"total_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"invoiced_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"back_reason" text,
	"voucher_number" text,
	"erp_voucher_number" text,
	"post_time" timestamp with time zone,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "recon_item" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"to_els_account" text NOT NULL,
	"line_number" integer NOT NULL,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"document_id" uuid NOT NULL,
	"item_type" text NOT NULL,
	"source_id" uuid NOT NULL,
	"source_number" text NOT NULL,
	"source_item_number" integer,
	"order_number" text,
	"order_item_id" uuid,
	"business_date" date,
	"material_number" text,
	"material_desc" text,
	"unit" text,
	"quantity" numeric(18, 3),
	"price" numeric(18, 6),
	"tax_rate" numeric(5, 2) NOT NULL,
	"net_amount" numeric(18, 2) NOT NULL,
	"tax_amount" numeric(18, 2) NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"cost_number" text,
	"is_return" text
);
--> statement-breakpoint
ALTER TABLE "delivery_note_item" ADD COLUMN "recon_quantity" numeric(18, 3) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "refund_item" ADD COLUMN "recon_flag" text DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "add_cost_item" ADD CONSTRAINT "add_cost_item_document_id_add_cost_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."add_cost"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deduct_cost_item" ADD CONSTRAINT "deduct_cost_item_document_id_deduct_cost_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."deduct_cost"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recon_item" ADD CONSTRAINT "recon_item_document_id_recon_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."recon"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "add_cost_number_uq" ON "add_cost" USING btree ("to_els_account","cost_number" collate "C");--> statement-breakpoint
CREATE INDEX "add_cost_buyer_number_idx" ON "add_cost" USING btree ("els_account","cost_number" collate "C","id");--> statement-breakpoint
CREATE INDEX "add_cost_buyer_list_idx" ON "add_cost" USING btree ("els_account","cost_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "add_cost_buyer_status_idx" ON "add_cost" USING btree ("els_account","cost_status","cost_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "add_cost_supplier_list_idx" ON "add_cost" USING btree ("to_els_account","cost_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "add_cost_supplier_status_idx" ON "add_cost" USING btree ("to_els_account","cost_status","cost_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "add_cost_reconcilable_idx" ON "add_cost" USING btree ("els_account","to_els_account","recon_flag","cost_status","cost_date");--> statement-breakpoint
CREATE INDEX "add_cost_item_document_idx" ON "add_cost_item" USING btree ("document_id","line_number");--> statement-breakpoint
CREATE UNIQUE INDEX "deduct_cost_number_uq" ON "deduct_cost" USING btree ("els_account","cost_number" collate "C");--> statement-breakpoint
CREATE INDEX "deduct_cost_supplier_number_idx" ON "deduct_cost" USING btree ("to_els_account","cost_number" collate "C","id");--> statement-breakpoint
CREATE INDEX "deduct_cost_buyer_list_idx" ON "deduct_cost" USING btree ("els_account","cost_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "deduct_cost_buyer_status_idx" ON "deduct_cost" USING btree ("els_account","cost_status","cost_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "deduct_cost_supplier_list_idx" ON "deduct_cost" USING btree ("to_els_account","cost_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "deduct_cost_supplier_status_idx" ON "deduct_cost" USING btree ("to_els_account","cost_status","cost_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "deduct_cost_reconcilable_idx" ON "deduct_cost" USING btree ("els_account","to_els_account","recon_flag","cost_status","cost_date");--> statement-breakpoint
CREATE INDEX "deduct_cost_item_document_idx" ON "deduct_cost_item" USING btree ("document_id","line_number");--> statement-breakpoint
CREATE UNIQUE INDEX "recon_number_uq" ON "recon" USING btree ("els_account","recon_number" collate "C");--> statement-breakpoint
CREATE INDEX "recon_supplier_number_idx" ON "recon" USING btree ("to_els_account","recon_number" collate "C","id");--> statement-breakpoint
CREATE INDEX "recon_buyer_list_idx" ON "recon" USING btree ("els_account","recon_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "recon_buyer_status_idx" ON "recon" USING btree ("els_account","check_status","recon_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "recon_supplier_list_idx" ON "recon" USING btree ("to_els_account","recon_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "recon_supplier_status_idx" ON "recon" USING btree ("to_els_account","check_status","recon_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "recon_item_document_idx" ON "recon_item" USING btree ("document_id","line_number");--> statement-breakpoint
CREATE INDEX "recon_item_source_idx" ON "recon_item" USING btree ("source_id");--> statement-breakpoint
-- Financial coordination menus (issue #15) for databases seeded before it existed, after each station's
-- Returns group (a fresh database gets them from the seed; there the menu is still empty when migrations
-- run and these inserts add nothing).
INSERT INTO "menu" ("station", "els_account", "parent_id", "app_name", "app_name_en", "app_url", "app_icon", "app_code", "roles", "sort_order")
SELECT o."station", o."els_account", NULL, '财务协同', 'Financial coordination', '', 'AuditOutlined', 'finance', '[]'::jsonb, o."sort_order" + 1
FROM "menu" o
WHERE o."parent_id" IS NULL AND o."app_code" = 'returns' AND o."station" IN ('purchase', 'sale')
  AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."parent_id" IS NULL AND m."station" = o."station"
                  AND m."els_account" IS NOT DISTINCT FROM o."els_account" AND m."app_code" = 'finance');--> statement-breakpoint
INSERT INTO "menu" ("station", "els_account", "parent_id", "app_name", "app_name_en", "app_url", "app_code", "roles", "sort_order")
SELECT g."station", g."els_account", g."id", e.zh, e.en, e.url, e.code, '[]'::jsonb, e.sort
FROM "menu" g
JOIN (VALUES ('purchase', 'recons', '对账单', 'Reconciliation statements', '/finance/#/v2/recon/list', 10),
             ('purchase', 'deduct-costs', '扣款单', 'Deductions', '/finance/#/v2/deductCost/list', 20),
             ('purchase', 'add-costs', '附加费用单', 'Additional charges', '/finance/#/v2/addCost/list', 30),
             ('sale', 'recons', '对账单', 'Reconciliation statements', '/finance/#/v2/recon/list', 10),
             ('sale', 'add-costs', '附加费用单', 'Additional charges', '/finance/#/v2/addCost/list', 20),
             ('sale', 'deduct-costs', '扣款单', 'Deductions', '/finance/#/v2/deductCost/list', 30))
  AS e(station, code, zh, en, url, sort) ON e.station = g."station"
WHERE g."parent_id" IS NULL AND g."app_code" = 'finance'
  AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."parent_id" = g."id" AND m."app_code" = e.code);
