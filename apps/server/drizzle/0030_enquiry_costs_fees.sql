ALTER TABLE "enquiry" ADD COLUMN "cost_constitute_json" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "enquiry" ADD COLUMN "addition_fee_json" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "enquiry_quote" ADD COLUMN "cost_constitute_json" jsonb;--> statement-breakpoint
ALTER TABLE "enquiry_quote" ADD COLUMN "addition_fee_json" jsonb;