CREATE TABLE "ebidding" (
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
	"ebidding_number" text NOT NULL,
	"ebidding_name" text NOT NULL,
	"ebidding_status" text DEFAULT '0' NOT NULL,
	"audit_status" text DEFAULT '0' NOT NULL,
	"pause_status" text DEFAULT '0' NOT NULL,
	"pause_time" timestamp with time zone,
	"buyer_name" text NOT NULL,
	"ebidding_date" date NOT NULL,
	"ebidding_type" text DEFAULT '1' NOT NULL,
	"ebidding_method" text DEFAULT '1' NOT NULL,
	"project_type" text DEFAULT '1' NOT NULL,
	"start_method" text DEFAULT '2' NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"tax_rate" numeric(5, 2) DEFAULT '13' NOT NULL,
	"starting_price" numeric(20, 6),
	"lowest_price" numeric(20, 6),
	"price_revise_type" text DEFAULT '1' NOT NULL,
	"price_revise_extent" numeric(18, 6) NOT NULL,
	"quote_interval" integer,
	"quote_number" integer,
	"quote_postpone_minute" integer,
	"postpone_minute" integer,
	"postpone_rule" text DEFAULT '1' NOT NULL,
	"can_postpone_bout" integer,
	"postpone_count" integer DEFAULT 0 NOT NULL,
	"show_supplier" text DEFAULT '0' NOT NULL,
	"remind" integer,
	"bout" integer DEFAULT 1 NOT NULL,
	"best_price" numeric(20, 6),
	"organization_code" text,
	"publish_time" timestamp with time zone,
	"publish_user" text,
	"finish_time" timestamp with time zone,
	"last_bid_seq" integer DEFAULT 0 NOT NULL,
	"last_bid_hash" text,
	"remark" text,
	"invited_suppliers" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ebidding_bid" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ebidding_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"item_id" uuid,
	"to_els_account" text NOT NULL,
	"bout" integer DEFAULT 1 NOT NULL,
	"price" numeric(20, 6) NOT NULL,
	"bid_time" bigint NOT NULL,
	"create_user" text NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ebidding_item" (
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
	"starting_price" numeric(18, 6),
	"best_price" numeric(18, 6)
);
--> statement-breakpoint
CREATE TABLE "ebidding_offer" (
	"ebidding_id" uuid NOT NULL,
	"lot_key" text NOT NULL,
	"to_els_account" text NOT NULL,
	"price" numeric(20, 6) NOT NULL,
	"seq" integer NOT NULL,
	"bout" integer DEFAULT 1 NOT NULL,
	"bid_time" bigint NOT NULL,
	CONSTRAINT "ebidding_offer_ebidding_id_lot_key_to_els_account_pk" PRIMARY KEY("ebidding_id","lot_key","to_els_account")
);
--> statement-breakpoint
CREATE TABLE "ebidding_supplier" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ebidding_id" uuid NOT NULL,
	"els_account" text NOT NULL,
	"to_els_account" text NOT NULL,
	"supplier_name" text NOT NULL,
	"bidder_status" text DEFAULT '0' NOT NULL,
	"bid_count" integer DEFAULT 0 NOT NULL,
	"last_bid_time" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ebidding_bid" ADD CONSTRAINT "ebidding_bid_ebidding_id_ebidding_id_fk" FOREIGN KEY ("ebidding_id") REFERENCES "public"."ebidding"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebidding_item" ADD CONSTRAINT "ebidding_item_document_id_ebidding_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."ebidding"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebidding_offer" ADD CONSTRAINT "ebidding_offer_ebidding_id_ebidding_id_fk" FOREIGN KEY ("ebidding_id") REFERENCES "public"."ebidding"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebidding_supplier" ADD CONSTRAINT "ebidding_supplier_ebidding_id_ebidding_id_fk" FOREIGN KEY ("ebidding_id") REFERENCES "public"."ebidding"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ebidding_number_uq" ON "ebidding" USING btree ("els_account","ebidding_number" collate "C");--> statement-breakpoint
CREATE INDEX "ebidding_supplier_number_idx" ON "ebidding" USING btree ("to_els_account","ebidding_number" collate "C","id");--> statement-breakpoint
CREATE INDEX "ebidding_buyer_list_idx" ON "ebidding" USING btree ("els_account","ebidding_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ebidding_buyer_status_idx" ON "ebidding" USING btree ("els_account","ebidding_status","ebidding_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ebidding_supplier_list_idx" ON "ebidding" USING btree ("to_els_account","ebidding_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ebidding_supplier_status_idx" ON "ebidding" USING btree ("to_els_account","ebidding_status","ebidding_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "ebidding_bid_seq_uq" ON "ebidding_bid" USING btree ("ebidding_id","seq");--> statement-breakpoint
CREATE INDEX "ebidding_item_document_idx" ON "ebidding_item" USING btree ("document_id","line_number");--> statement-breakpoint
CREATE INDEX "ebidding_offer_rank_idx" ON "ebidding_offer" USING btree ("ebidding_id","lot_key","price","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "ebidding_supplier_uq" ON "ebidding_supplier" USING btree ("ebidding_id","to_els_account");--> statement-breakpoint
CREATE INDEX "ebidding_supplier_supplier_idx" ON "ebidding_supplier" USING btree ("to_els_account","ebidding_id");