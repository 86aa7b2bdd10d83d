ALTER TABLE "ebidding_item" ADD COLUMN "source_type" text DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "ebidding_item" ADD COLUMN "source_number" text;--> statement-breakpoint
ALTER TABLE "ebidding_item" ADD COLUMN "source_item_number" text;