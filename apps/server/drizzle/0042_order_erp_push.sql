ALTER TABLE "purchase_order" ADD COLUMN "erp_push_status" text DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_order" ADD COLUMN "erp_push_message" text;--> statement-breakpoint
ALTER TABLE "purchase_order" ADD COLUMN "erp_purchase_order_no" text;