CREATE TABLE "enquiry_cost_template" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"template_name" text NOT NULL,
	"cost_items" jsonb NOT NULL,
	"remark" text,
	"create_user" text NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_update_user" text NOT NULL,
	"last_update_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ebidding" ADD COLUMN "bargain_status" text DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "ebidding" ADD COLUMN "bargain_audit_status" text DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "ebidding" ADD COLUMN "bargain_end_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ebidding_supplier" ADD COLUMN "bargain_status" text DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "enquiry" ADD COLUMN "currency_rate_json" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "enquiry_quote" ADD COLUMN "currency" text DEFAULT 'CNY' NOT NULL;--> statement-breakpoint
ALTER TABLE "enquiry_quote" ADD COLUMN "exchange_rate" numeric(10, 6) DEFAULT '1' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "enquiry_cost_template_name_uq" ON "enquiry_cost_template" USING btree ("els_account","template_name");
--> statement-breakpoint
-- hand-written: quotes given before quote currencies existed are in their RFQ's currency (rate 1).
UPDATE "enquiry_quote" SET "currency" = "enquiry"."currency" FROM "enquiry" WHERE "enquiry"."id" = "enquiry_quote"."enquiry_id";
