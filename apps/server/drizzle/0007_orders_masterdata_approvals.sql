CREATE TABLE "audit_config" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"document_kind" text NOT NULL,
	"steps" jsonb NOT NULL,
	"last_update_user" text NOT NULL,
	"last_update_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_task" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"document_kind" text NOT NULL,
	"document_id" uuid NOT NULL,
	"document_number" text NOT NULL,
	"flow_id" uuid NOT NULL,
	"step_index" integer NOT NULL,
	"step_name" text NOT NULL,
	"approver_type" text NOT NULL,
	"approvers" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"promoter" text NOT NULL,
	"amount" numeric(18, 2),
	"handled_by" text,
	"remark" text,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "material" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"material_number" text NOT NULL,
	"material_name" text NOT NULL,
	"material_desc" text DEFAULT '' NOT NULL,
	"material_type" text DEFAULT 'ROH' NOT NULL,
	"brand" text,
	"cate_id" uuid NOT NULL,
	"cate_code1" text,
	"cate_name1" text,
	"cate_code2" text,
	"cate_name2" text,
	"cate_code3" text,
	"cate_name3" text,
	"base_unit" text NOT NULL,
	"order_unit" text,
	"purchase_unit" text,
	"conversion_numerator" numeric(18, 6) DEFAULT '1' NOT NULL,
	"conversion_denominator" numeric(18, 6) DEFAULT '1' NOT NULL,
	"gross_weight" numeric(18, 6),
	"net_weight" numeric(18, 6),
	"weight_unit" text,
	"over_tolerance" numeric(5, 2) DEFAULT '0' NOT NULL,
	"lack_tolerance" numeric(5, 2) DEFAULT '0' NOT NULL,
	"min_order_quantity" numeric(18, 3) DEFAULT '0' NOT NULL,
	"min_packing_quantity" numeric(18, 3) DEFAULT '0' NOT NULL,
	"min_shelf_life" integer,
	"total_shelf_life" integer,
	"is_check_quality" text DEFAULT 'N' NOT NULL,
	"is_freeze" text DEFAULT 'N' NOT NULL,
	"audit_status" text DEFAULT '2' NOT NULL,
	"extend_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"create_user" text NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_update_user" text NOT NULL,
	"last_update_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "material_category" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"parent_id" uuid,
	"cate_level" integer NOT NULL,
	"cate_code" text NOT NULL,
	"cate_name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"create_user" text NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_update_user" text NOT NULL,
	"last_update_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_master" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"to_els_account" text NOT NULL,
	"material_id" uuid NOT NULL,
	"material_number" text NOT NULL,
	"price_excluding_tax" numeric(18, 6) NOT NULL,
	"tax_rate" numeric(5, 2) NOT NULL,
	"price_including_tax" numeric(18, 6) NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"exchange_rate" numeric(10, 6) DEFAULT '1' NOT NULL,
	"price_base" numeric(18, 3) DEFAULT '1' NOT NULL,
	"valid_start_date" timestamp with time zone NOT NULL,
	"price_expiry_date" timestamp with time zone NOT NULL,
	"quota" numeric(5, 2) DEFAULT '100' NOT NULL,
	"create_user" text NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_update_user" text NOT NULL,
	"last_update_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_master" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"to_els_account" text NOT NULL,
	"supplier_code" text NOT NULL,
	"full_name" text NOT NULL,
	"short_name" text,
	"social_credit_code" text,
	"supplier_type" text,
	"supplier_status" text DEFAULT 'qualified' NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"payment_clause" text,
	"contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"banks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"extend_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"create_user" text NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_update_user" text NOT NULL,
	"last_update_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_order" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"to_els_account" text NOT NULL,
	"supplier_name" text NOT NULL,
	"order_number" text NOT NULL,
	"order_type" text NOT NULL,
	"purchase_type" text DEFAULT '0' NOT NULL,
	"order_date" date NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"exchange_rate" numeric(10, 6) DEFAULT '1' NOT NULL,
	"local_currency" text DEFAULT 'CNY' NOT NULL,
	"pay_terms_code" text,
	"pay_terms_text" text,
	"incoterms_code" text,
	"incoterms_desc" text,
	"delivery_address" text,
	"urgency_flag" text DEFAULT '0' NOT NULL,
	"purchase_organization" text,
	"purchase_group" text,
	"remark" text,
	"audit_status" text DEFAULT '0' NOT NULL,
	"send_status" text DEFAULT '0' NOT NULL,
	"send_time" timestamp with time zone,
	"order_status" text DEFAULT '0' NOT NULL,
	"change_status" text DEFAULT '0' NOT NULL,
	"reject_reason" text,
	"total_amount_excluding_tax" numeric(18, 2) DEFAULT '0' NOT NULL,
	"total_tax_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"total_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"total_amount_local" numeric(18, 2) DEFAULT '0' NOT NULL,
	"flow_id" uuid,
	"extend_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"create_user" text NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_update_user" text NOT NULL,
	"last_update_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_order_item" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"els_account" text NOT NULL,
	"to_els_account" text NOT NULL,
	"item_number" integer NOT NULL,
	"material_id" uuid,
	"material_number" text NOT NULL,
	"material_desc" text NOT NULL,
	"unit" text NOT NULL,
	"quantity" numeric(18, 3) NOT NULL,
	"price_excluding_tax" numeric(18, 6) NOT NULL,
	"tax_rate" numeric(5, 2) NOT NULL,
	"price_including_tax" numeric(18, 6) NOT NULL,
	"line_amount" numeric(18, 2) NOT NULL,
	"delivery_date" date NOT NULL,
	"reply_delivery_date" date,
	"min_packing_quantity" numeric(18, 3) DEFAULT '0' NOT NULL,
	"over_tolerance" numeric(5, 2) DEFAULT '0' NOT NULL,
	"lack_tolerance" numeric(5, 2) DEFAULT '0' NOT NULL,
	"item_status" text DEFAULT '0' NOT NULL,
	"supplier_remark" text,
	"is_close" text DEFAULT 'N' NOT NULL,
	"is_del" text DEFAULT 'N' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "purchase_order_item" ADD CONSTRAINT "purchase_order_item_order_id_purchase_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."purchase_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_config_kind_uq" ON "audit_config" USING btree ("els_account","document_kind");--> statement-breakpoint
CREATE INDEX "audit_task_pending_idx" ON "audit_task" USING btree ("els_account","status","create_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_task_document_idx" ON "audit_task" USING btree ("document_kind","document_id");--> statement-breakpoint
CREATE INDEX "audit_task_promoter_idx" ON "audit_task" USING btree ("els_account","promoter","create_date" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "material_number_uq" ON "material" USING btree ("els_account","material_number");--> statement-breakpoint
CREATE INDEX "material_cate_idx" ON "material" USING btree ("els_account","cate_id");--> statement-breakpoint
CREATE INDEX "material_list_idx" ON "material" USING btree ("els_account","create_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "material_category_code_uq" ON "material_category" USING btree ("els_account","cate_code");--> statement-breakpoint
CREATE UNIQUE INDEX "material_category_sibling_name_uq" ON "material_category" USING btree ("els_account",coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),"cate_name");--> statement-breakpoint
CREATE INDEX "material_category_parent_idx" ON "material_category" USING btree ("els_account","parent_id");--> statement-breakpoint
CREATE INDEX "price_master_lookup_idx" ON "price_master" USING btree ("els_account","to_els_account","material_id","valid_start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_master_pair_uq" ON "supplier_master" USING btree ("els_account","to_els_account");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_master_code_uq" ON "supplier_master" USING btree ("els_account","supplier_code");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_order_number_uq" ON "purchase_order" USING btree ("els_account","order_number");--> statement-breakpoint
CREATE INDEX "purchase_order_buyer_list_idx" ON "purchase_order" USING btree ("els_account","create_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "purchase_order_supplier_list_idx" ON "purchase_order" USING btree ("to_els_account","send_status","send_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "purchase_order_status_idx" ON "purchase_order" USING btree ("els_account","order_status");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_order_item_number_uq" ON "purchase_order_item" USING btree ("order_id","item_number");--> statement-breakpoint
CREATE INDEX "purchase_order_item_material_idx" ON "purchase_order_item" USING btree ("els_account","material_number");