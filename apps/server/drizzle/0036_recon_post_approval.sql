ALTER TABLE "recon" ADD COLUMN "post_audit_status" text DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "recon" ADD COLUMN "erp_push_status" text DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "recon" ADD COLUMN "erp_push_message" text;