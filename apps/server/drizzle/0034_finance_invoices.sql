CREATE TABLE "invoice" (
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
	"invoice_sequence" text NOT NULL,
	"invoice_status" text DEFAULT '0' NOT NULL,
	"match_status" text DEFAULT '0' NOT NULL,
	"erp_push_status" text DEFAULT '0' NOT NULL,
	"invoice_number" text NOT NULL,
	"invoice_code" text,
	"invoice_type" text DEFAULT 'VAT' NOT NULL,
	"invoice_date" date NOT NULL,
	"recon_id" uuid NOT NULL,
	"recon_number" text NOT NULL,
	"buyer_name" text NOT NULL,
	"supplier_name" text NOT NULL,
	"currency" text NOT NULL,
	"invoice_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"net_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"tax_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"expected_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"difference_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"tolerance_amount" numeric(18, 2),
	"tolerance_percent" numeric(5, 2),
	"back_reason" text,
	"voucher_number" text,
	"erp_voucher_number" text,
	"erp_push_message" text,
	"post_time" timestamp with time zone,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "invoice_item" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"to_els_account" text NOT NULL,
	"line_number" integer NOT NULL,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"document_id" uuid NOT NULL,
	"recon_item_id" uuid NOT NULL,
	"recon_item_number" integer NOT NULL,
	"item_type" text NOT NULL,
	"source_number" text,
	"order_number" text,
	"material_number" text,
	"material_desc" text,
	"quantity" numeric(18, 3),
	"price" numeric(18, 6),
	"tax_rate" numeric(5, 2) NOT NULL,
	"invoice_amount" numeric(18, 2) NOT NULL,
	"net_amount" numeric(18, 2) NOT NULL,
	"tax_amount" numeric(18, 2) NOT NULL,
	"expected_amount" numeric(18, 2) NOT NULL,
	"difference_amount" numeric(18, 2) NOT NULL,
	"match_flag" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_tolerance" (
	"els_account" text PRIMARY KEY NOT NULL,
	"tolerance_amount" numeric(18, 2),
	"tolerance_percent" numeric(5, 2),
	"update_user" text NOT NULL,
	"last_update_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_recon_id_recon_id_fk" FOREIGN KEY ("recon_id") REFERENCES "public"."recon"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_item" ADD CONSTRAINT "invoice_item_document_id_invoice_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."invoice"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_number_uq" ON "invoice" USING btree ("els_account","invoice_sequence" collate "C");--> statement-breakpoint
CREATE INDEX "invoice_supplier_number_idx" ON "invoice" USING btree ("to_els_account","invoice_sequence" collate "C","id");--> statement-breakpoint
CREATE INDEX "invoice_buyer_list_idx" ON "invoice" USING btree ("els_account","invoice_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "invoice_buyer_status_idx" ON "invoice" USING btree ("els_account","invoice_status","invoice_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "invoice_supplier_list_idx" ON "invoice" USING btree ("to_els_account","invoice_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "invoice_supplier_status_idx" ON "invoice" USING btree ("to_els_account","invoice_status","invoice_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "invoice_recon_idx" ON "invoice" USING btree ("recon_id");--> statement-breakpoint
CREATE INDEX "invoice_number_idx" ON "invoice" USING btree ("to_els_account","invoice_number");--> statement-breakpoint
CREATE INDEX "invoice_item_document_idx" ON "invoice_item" USING btree ("document_id","line_number");--> statement-breakpoint
-- The Invoices menu entry (issue #15) under each station's Financial coordination group, for databases
-- seeded before it existed (a fresh database gets it from the seed).
INSERT INTO "menu" ("station", "els_account", "parent_id", "app_name", "app_name_en", "app_url", "app_code", "roles", "sort_order")
SELECT g."station", g."els_account", g."id", '发票', 'Invoices', '/finance/#/v2/invoice/list', 'invoices', '[]'::jsonb, 15
FROM "menu" g
WHERE g."parent_id" IS NULL AND g."app_code" = 'finance' AND g."station" IN ('purchase', 'sale')
  AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."parent_id" = g."id" AND m."app_code" = 'invoices');
