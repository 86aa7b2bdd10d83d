ALTER TABLE "fac_ins_item" ADD COLUMN "weight" numeric(5, 2) DEFAULT '1.00' NOT NULL;--> statement-breakpoint
ALTER TABLE "fac_ins_rev_item" ADD COLUMN "weight" numeric(5, 2) DEFAULT '1.00' NOT NULL;