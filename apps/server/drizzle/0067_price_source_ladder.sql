-- Price-master records name where they came from (issue #33): an award of an RFQ or an e-auction writes
-- the source document (type, number) and its line on each record, and keeps a ladder quote's steps
-- (ladder_json: [{ quantity, price }] — from quantity up, price excl. tax per unit in the record's currency).
-- Records entered on the price master or imported keep all four null.
ALTER TABLE "price_master" ADD COLUMN IF NOT EXISTS "source_type" text;
--> statement-breakpoint
ALTER TABLE "price_master" ADD COLUMN IF NOT EXISTS "source_number" text;
--> statement-breakpoint
ALTER TABLE "price_master" ADD COLUMN IF NOT EXISTS "source_item_number" text;
--> statement-breakpoint
ALTER TABLE "price_master" ADD COLUMN IF NOT EXISTS "ladder_json" jsonb;
--> statement-breakpoint
-- Ending an RFQ's quoting early under its own approval (issue #33, task type enquiryQuoteEnd).
ALTER TABLE "enquiry" ADD COLUMN IF NOT EXISTS "quote_end_audit_status" text DEFAULT '0' NOT NULL;
