ALTER TABLE "enquiry" ADD COLUMN "open_on_all_quoted" text DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "enquiry" ADD COLUMN "pass_word_hash" text;--> statement-breakpoint
ALTER TABLE "enquiry" ADD COLUMN "pass_word_set" text DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "enquiry" ADD COLUMN "open_user" text;--> statement-breakpoint
ALTER TABLE "enquiry" ADD COLUMN "open_time" timestamp with time zone;