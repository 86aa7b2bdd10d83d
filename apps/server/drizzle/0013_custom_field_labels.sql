CREATE TABLE "custom_field_config" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"document_kind" text NOT NULL,
	"labels" jsonb NOT NULL,
	"last_update_user" text NOT NULL,
	"last_update_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "custom_field_config_kind_uq" ON "custom_field_config" USING btree ("els_account","document_kind");