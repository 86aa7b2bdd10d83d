CREATE TABLE "attachment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"file_path" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"is_public" text DEFAULT 'N' NOT NULL,
	"business_type" text,
	"business_id" text,
	"create_user" text NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hazardous_substance" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"to_els_account" text NOT NULL,
	"material_number" text NOT NULL,
	"material_desc" text NOT NULL,
	"substance" text NOT NULL,
	"certificate_number" text NOT NULL,
	"certificate_expiry_date" timestamp with time zone NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "personal_table_config" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"els_sub_account" text NOT NULL,
	"to_els_account" text DEFAULT '' NOT NULL,
	"config_type" text NOT NULL,
	"config_json" jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"last_update_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_code" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mobile" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_date" timestamp with time zone NOT NULL,
	"used_date" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mobile" text NOT NULL,
	"content" text NOT NULL,
	"purpose" text NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_setting" (
	"els_account" text NOT NULL,
	"set_group_code" text NOT NULL,
	"set_code" text NOT NULL,
	"set_value" text DEFAULT '' NOT NULL,
	"last_update_user" text,
	"last_update_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "system_setting_els_account_set_group_code_set_code_pk" PRIMARY KEY("els_account","set_group_code","set_code")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "attachment_path_uq" ON "attachment" USING btree ("file_path");--> statement-breakpoint
CREATE INDEX "attachment_business_idx" ON "attachment" USING btree ("business_type","business_id");--> statement-breakpoint
CREATE INDEX "hazardous_substance_expiry_idx" ON "hazardous_substance" USING btree ("els_account","certificate_expiry_date");--> statement-breakpoint
CREATE UNIQUE INDEX "personal_table_config_key_uq" ON "personal_table_config" USING btree ("els_account","els_sub_account","to_els_account","config_type");--> statement-breakpoint
CREATE INDEX "sms_code_mobile_idx" ON "sms_code" USING btree ("mobile","purpose","create_date");--> statement-breakpoint
CREATE INDEX "sms_outbox_mobile_idx" ON "sms_outbox" USING btree ("mobile","create_date");