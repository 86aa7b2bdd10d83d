CREATE TABLE "invite_code" (
	"code" text PRIMARY KEY NOT NULL,
	"els_account" text NOT NULL,
	"status" text DEFAULT 'unused' NOT NULL,
	"expires_date" timestamp with time zone NOT NULL,
	"used_by_els_account" text,
	"used_date" timestamp with time zone,
	"create_user" text NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invite_code" ADD CONSTRAINT "invite_code_els_account_company_els_account_fk" FOREIGN KEY ("els_account") REFERENCES "public"."company"("els_account") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invite_code_account_idx" ON "invite_code" USING btree ("els_account","create_date");