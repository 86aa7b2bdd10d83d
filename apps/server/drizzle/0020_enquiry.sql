CREATE TABLE "enquiry" (
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
	"enquiry_number" text NOT NULL,
	"enquiry_desc" text NOT NULL,
	"enquiry_status" text DEFAULT '0' NOT NULL,
	"audit_status" text DEFAULT '0' NOT NULL,
	"buyer_name" text NOT NULL,
	"enquiry_date" date NOT NULL,
	"enquiry_method" text DEFAULT '1' NOT NULL,
	"enquiry_type" text DEFAULT '1' NOT NULL,
	"quote_method" text DEFAULT '1' NOT NULL,
	"quote_end_time" timestamp with time zone NOT NULL,
	"show_quote_info" text DEFAULT '0' NOT NULL,
	"bout" integer DEFAULT 1 NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"exchange_rate" numeric(10, 6) DEFAULT '1' NOT NULL,
	"pay_method" text,
	"incoterms" text,
	"tax_code" text,
	"tax_rate" numeric(5, 2) DEFAULT '13' NOT NULL,
	"price_valid_date" date NOT NULL,
	"publish_time" timestamp with time zone,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "enquiry_item" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"to_els_account" text NOT NULL,
	"line_number" integer NOT NULL,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"document_id" uuid NOT NULL,
	"material_id" uuid NOT NULL,
	"material_number" text NOT NULL,
	"material_desc" text NOT NULL,
	"unit" text NOT NULL,
	"quantity" numeric(18, 3) NOT NULL,
	"delivery_date" date NOT NULL,
	"supplier_count" integer DEFAULT 0 NOT NULL,
	"invited_suppliers" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enquiry_quote" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invitation_id" uuid NOT NULL,
	"enquiry_id" uuid NOT NULL,
	"to_els_account" text NOT NULL,
	"bout" integer DEFAULT 1 NOT NULL,
	"price_excluding_tax" numeric(18, 6) NOT NULL,
	"tax_rate" numeric(5, 2) NOT NULL,
	"ladder_price_json" jsonb,
	"remark" text,
	"status" text DEFAULT '1' NOT NULL,
	"create_user" text NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enquiry_supplier" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enquiry_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"els_account" text NOT NULL,
	"to_els_account" text NOT NULL,
	"supplier_name" text NOT NULL,
	"quote_status" text DEFAULT '0' NOT NULL,
	"decline_reason" text,
	"quota" numeric(5, 2),
	"last_update_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "enquiry_item" ADD CONSTRAINT "enquiry_item_document_id_enquiry_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."enquiry"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_quote" ADD CONSTRAINT "enquiry_quote_invitation_id_enquiry_supplier_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."enquiry_supplier"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_supplier" ADD CONSTRAINT "enquiry_supplier_enquiry_id_enquiry_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiry"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_supplier" ADD CONSTRAINT "enquiry_supplier_item_id_enquiry_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."enquiry_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "enquiry_number_uq" ON "enquiry" USING btree ("els_account","enquiry_number" collate "C");--> statement-breakpoint
CREATE INDEX "enquiry_supplier_number_idx" ON "enquiry" USING btree ("to_els_account","enquiry_number" collate "C","id");--> statement-breakpoint
CREATE INDEX "enquiry_buyer_list_idx" ON "enquiry" USING btree ("els_account","enquiry_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "enquiry_buyer_status_idx" ON "enquiry" USING btree ("els_account","enquiry_status","enquiry_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "enquiry_supplier_list_idx" ON "enquiry" USING btree ("to_els_account","enquiry_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "enquiry_supplier_status_idx" ON "enquiry" USING btree ("to_els_account","enquiry_status","enquiry_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "enquiry_item_document_idx" ON "enquiry_item" USING btree ("document_id","line_number");--> statement-breakpoint
CREATE INDEX "enquiry_quote_invitation_idx" ON "enquiry_quote" USING btree ("invitation_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "enquiry_supplier_line_uq" ON "enquiry_supplier" USING btree ("item_id","to_els_account");--> statement-breakpoint
CREATE INDEX "enquiry_supplier_supplier_idx" ON "enquiry_supplier" USING btree ("to_els_account","enquiry_id");--> statement-breakpoint
CREATE INDEX "enquiry_supplier_enquiry_idx" ON "enquiry_supplier" USING btree ("enquiry_id");--> statement-breakpoint
-- Sourcing menus (issue #13) for databases seeded before RFQs existed (a fresh database gets them from the
-- seed; there the menu is still empty when migrations run and these inserts add nothing).
INSERT INTO "menu" ("station", "els_account", "parent_id", "app_name", "app_name_en", "app_url", "app_icon", "app_code", "roles", "sort_order")
SELECT o."station", o."els_account", NULL, '寻源管理', 'Sourcing', '', 'ShopOutlined', 'sourcing', '[]'::jsonb, o."sort_order" + 1
FROM "menu" o
WHERE o."parent_id" IS NULL AND o."app_code" = 'orders' AND o."station" IN ('purchase', 'sale')
  AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."parent_id" IS NULL AND m."station" = o."station"
                  AND m."els_account" IS NOT DISTINCT FROM o."els_account" AND m."app_code" = 'sourcing');--> statement-breakpoint
INSERT INTO "menu" ("station", "els_account", "parent_id", "app_name", "app_name_en", "app_url", "app_code", "roles", "sort_order")
SELECT g."station", g."els_account", g."id", e.zh, e.en, e.url, e.code, '[]'::jsonb, e.sort
FROM "menu" g
JOIN (VALUES ('purchase', 'enquiries', '询价单', 'Requests for quotation', '/rfq/#/v2/list', 10),
             ('sale', 'enquiry-invitations', '询价邀请', 'RFQ invitations', '/rfq/#/v2/list', 10))
  AS e(station, code, zh, en, url, sort) ON e.station = g."station"
WHERE g."parent_id" IS NULL AND g."app_code" = 'sourcing'
  AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."parent_id" = g."id" AND m."app_code" = e.code);
