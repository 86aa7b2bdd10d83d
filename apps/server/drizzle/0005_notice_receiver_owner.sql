ALTER TABLE "notice_receiver" ADD COLUMN "els_account" text;--> statement-breakpoint
UPDATE "notice_receiver" r SET "els_account" = n."els_account" FROM "notice" n WHERE n."id" = r."notice_id";--> statement-breakpoint
ALTER TABLE "notice_receiver" ALTER COLUMN "els_account" SET NOT NULL;
