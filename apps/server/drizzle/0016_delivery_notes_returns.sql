CREATE TABLE "delivery_note" (
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
	"delivery_note_number" text NOT NULL,
	"note_type" text DEFAULT '1' NOT NULL,
	"note_status" text DEFAULT '0' NOT NULL,
	"send_status" text DEFAULT '0' NOT NULL,
	"supplier_name" text NOT NULL,
	"buyer_name" text NOT NULL,
	"note_date" date NOT NULL,
	"transport_way" text,
	"logistics_company" text,
	"tracking_number" text,
	"delivery_time_slot" text,
	"expected_arrival_date" date,
	"received_address" text,
	"received_user" text,
	"received_phone" text,
	"remark" text,
	"total_quantity" numeric(18, 3) DEFAULT '0' NOT NULL,
	"send_time" timestamp with time zone,
	"confirm_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "delivery_note_item" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"to_els_account" text NOT NULL,
	"line_number" integer NOT NULL,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"document_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"order_number" text NOT NULL,
	"item_number" integer NOT NULL,
	"material_number" text NOT NULL,
	"material_desc" text NOT NULL,
	"unit" text NOT NULL,
	"quantity" numeric(18, 3) NOT NULL,
	"delivery_date" date,
	"send_delivery_note_quantity" numeric(18, 3) NOT NULL,
	"batch_number" text,
	"box_count" integer DEFAULT 1 NOT NULL,
	"confirm_quantity" numeric(18, 3) DEFAULT '0' NOT NULL,
	"return_quantity" numeric(18, 3) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refund" (
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
	"refund_number" text NOT NULL,
	"refund_status" text DEFAULT '0' NOT NULL,
	"audit_status" text DEFAULT '0' NOT NULL,
	"send_status" text DEFAULT '0' NOT NULL,
	"delivery_note_id" uuid NOT NULL,
	"delivery_note_number" text NOT NULL,
	"supplier_name" text NOT NULL,
	"buyer_name" text NOT NULL,
	"return_data" date NOT NULL,
	"back_reason" text NOT NULL,
	"cost_type" text DEFAULT '2' NOT NULL,
	"deduct_type" text DEFAULT '2' NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"total_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"supplier_remark" text,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "refund_item" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"to_els_account" text NOT NULL,
	"line_number" integer NOT NULL,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"document_id" uuid NOT NULL,
	"delivery_note_item_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"order_number" text NOT NULL,
	"item_number" integer NOT NULL,
	"material_number" text NOT NULL,
	"material_desc" text NOT NULL,
	"unit" text NOT NULL,
	"return_quantity" numeric(18, 3) NOT NULL,
	"refund_quantity" numeric(18, 3) DEFAULT '0' NOT NULL,
	"price_including_tax" numeric(18, 6) NOT NULL,
	"total_amount" numeric(18, 2) NOT NULL,
	"back_reason" text
);
--> statement-breakpoint
ALTER TABLE "subaccount" ADD COLUMN "lang" text DEFAULT 'zh_cn' NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_order_item" ADD COLUMN "return_quantity" numeric(18, 3) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_note_item" ADD CONSTRAINT "delivery_note_item_document_id_delivery_note_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."delivery_note"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_note_item" ADD CONSTRAINT "delivery_note_item_order_id_purchase_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."purchase_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_note_item" ADD CONSTRAINT "delivery_note_item_order_item_id_purchase_order_item_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."purchase_order_item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund" ADD CONSTRAINT "refund_delivery_note_id_delivery_note_id_fk" FOREIGN KEY ("delivery_note_id") REFERENCES "public"."delivery_note"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_item" ADD CONSTRAINT "refund_item_document_id_refund_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."refund"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_item" ADD CONSTRAINT "refund_item_delivery_note_item_id_delivery_note_item_id_fk" FOREIGN KEY ("delivery_note_item_id") REFERENCES "public"."delivery_note_item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_note_number_uq" ON "delivery_note" USING btree ("to_els_account","delivery_note_number" collate "C");--> statement-breakpoint
CREATE INDEX "delivery_note_buyer_list_idx" ON "delivery_note" USING btree ("els_account","note_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "delivery_note_buyer_status_idx" ON "delivery_note" USING btree ("els_account","note_status","note_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "delivery_note_supplier_list_idx" ON "delivery_note" USING btree ("to_els_account","note_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "delivery_note_supplier_status_idx" ON "delivery_note" USING btree ("to_els_account","note_status","note_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "delivery_note_item_document_idx" ON "delivery_note_item" USING btree ("document_id","line_number");--> statement-breakpoint
CREATE INDEX "delivery_note_item_order_line_idx" ON "delivery_note_item" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "delivery_note_item_order_idx" ON "delivery_note_item" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refund_number_uq" ON "refund" USING btree ("els_account","refund_number" collate "C");--> statement-breakpoint
CREATE INDEX "refund_buyer_list_idx" ON "refund" USING btree ("els_account","return_data" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "refund_buyer_status_idx" ON "refund" USING btree ("els_account","refund_status","return_data" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "refund_supplier_list_idx" ON "refund" USING btree ("to_els_account","return_data" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "refund_supplier_status_idx" ON "refund" USING btree ("to_els_account","refund_status","return_data" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "refund_item_document_idx" ON "refund_item" USING btree ("document_id","line_number");--> statement-breakpoint
CREATE INDEX "refund_item_note_line_idx" ON "refund_item" USING btree ("delivery_note_item_id");