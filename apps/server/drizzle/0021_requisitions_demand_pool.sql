CREATE TABLE "purchase_request" (
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
	"purchase_request_number" text NOT NULL,
	"request_status" text DEFAULT '0' NOT NULL,
	"audit_status" text DEFAULT '0' NOT NULL,
	"request_type" text NOT NULL,
	"request_date" date NOT NULL,
	"applicant" text,
	"apply_dept" text,
	"purchase_factory" text,
	"purchase_person" text,
	"purchase_type" text DEFAULT '0' NOT NULL,
	"cost_center" text,
	"is_planed" text DEFAULT 'N' NOT NULL,
	"remark" text,
	"total_amount" numeric(18, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_request_item" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"to_els_account" text NOT NULL,
	"line_number" integer NOT NULL,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"document_id" uuid NOT NULL,
	"request_item_number" integer NOT NULL,
	"item_status" text DEFAULT '0' NOT NULL,
	"material_id" uuid,
	"material_number" text NOT NULL,
	"material_desc" text NOT NULL,
	"cate_code" text,
	"unit" text NOT NULL,
	"quantity" numeric(18, 3) NOT NULL,
	"budget_price" numeric(18, 6),
	"delivery_date" date NOT NULL,
	"expect_supplier_els" text,
	"expect_supplier_name" text,
	"source_type" text DEFAULT '0' NOT NULL,
	"source_number" text,
	"source_item_number" text,
	"to_enquiry_quantity" numeric(18, 3) DEFAULT '0' NOT NULL,
	"to_bidding_quantity" numeric(18, 3) DEFAULT '0' NOT NULL,
	"to_order_quantity" numeric(18, 3) DEFAULT '0' NOT NULL,
	"claim_status" text DEFAULT '0' NOT NULL,
	"claim_user" text,
	"claim_date" timestamp with time zone,
	"back_remark" text
);
--> statement-breakpoint
ALTER TABLE "purchase_request_item" ADD CONSTRAINT "purchase_request_item_document_id_purchase_request_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."purchase_request"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_request_number_uq" ON "purchase_request" USING btree ("els_account","purchase_request_number" collate "C");--> statement-breakpoint
CREATE INDEX "purchase_request_supplier_number_idx" ON "purchase_request" USING btree ("to_els_account","purchase_request_number" collate "C","id");--> statement-breakpoint
CREATE INDEX "purchase_request_buyer_list_idx" ON "purchase_request" USING btree ("els_account","request_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "purchase_request_buyer_status_idx" ON "purchase_request" USING btree ("els_account","request_status","request_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "purchase_request_supplier_list_idx" ON "purchase_request" USING btree ("to_els_account","request_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "purchase_request_supplier_status_idx" ON "purchase_request" USING btree ("to_els_account","request_status","request_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "purchase_request_item_document_idx" ON "purchase_request_item" USING btree ("document_id","line_number");--> statement-breakpoint
CREATE INDEX "purchase_request_item_pool_idx" ON "purchase_request_item" USING btree ("els_account","delivery_date","id") WHERE "purchase_request_item"."item_status" in ('1', '2');--> statement-breakpoint
-- The buyer's requisition menu for databases seeded before it existed (issue #13; a fresh database gets it
-- from the seed: there the menu is still empty when migrations run and these inserts add nothing).
INSERT INTO "menu" ("station", "els_account", "parent_id", "app_name", "app_name_en", "app_url", "app_icon", "app_code", "roles", "sort_order")
SELECT o."station", o."els_account", NULL, '需求管理', 'Demand management', '', 'FileTextOutlined', 'demand', '[]'::jsonb, o."sort_order" - 1
FROM "menu" o
WHERE o."parent_id" IS NULL AND o."app_code" = 'orders' AND o."station" = 'purchase'
  AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."parent_id" IS NULL AND m."station" = o."station"
                  AND m."els_account" IS NOT DISTINCT FROM o."els_account" AND m."app_code" = 'demand');--> statement-breakpoint
INSERT INTO "menu" ("station", "els_account", "parent_id", "app_name", "app_name_en", "app_url", "app_code", "roles", "sort_order")
SELECT g."station", g."els_account", g."id", e.zh, e.en, e.url, e.code, '[]'::jsonb, e.sort
FROM "menu" g
JOIN (VALUES ('purchase-requests', '采购申请', 'Purchase requisitions', '/order/#/v2/requisition/list', 10),
             ('demand-pool', '需求池', 'Demand pool', '/order/#/v2/requisition/pool', 20))
  AS e(code, zh, en, url, sort) ON TRUE
WHERE g."parent_id" IS NULL AND g."app_code" = 'demand' AND g."station" = 'purchase'
  AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."parent_id" = g."id" AND m."app_code" = e.code);
