-- hand-written: issue #13 public RFQs (enquiryMethod 2). A public RFQ is published to every supplier company;
-- `join_end_time` is its optional registration deadline (suppliers take part until then; null = until the quote
-- deadline). The suppliers' "Public RFQs" list reads quoting public RFQs newest published first: a partial index.
ALTER TABLE "enquiry" ADD COLUMN IF NOT EXISTS "join_end_time" timestamp with time zone;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "enquiry_public_idx" ON "enquiry" USING btree ("publish_time" DESC, "id" DESC)
  WHERE "enquiry_method" = '2' AND "enquiry_status" = '1';
