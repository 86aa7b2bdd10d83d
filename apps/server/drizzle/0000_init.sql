CREATE TABLE "account_relation" (
	"els_account" text NOT NULL,
	"to_els_account" text NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_relation_els_account_to_els_account_pk" PRIMARY KEY("els_account","to_els_account"),
	CONSTRAINT "account_relation_not_self" CHECK ("account_relation"."els_account" <> "account_relation"."to_els_account")
);
--> statement-breakpoint
CREATE TABLE "company" (
	"els_account" text PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"company_short_name" text,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"role_code" text NOT NULL,
	"role_name" text NOT NULL,
	"role_name_en" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subaccount" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"els_sub_account" text NOT NULL,
	"name" text NOT NULL,
	"station" text NOT NULL,
	"password_hash" text NOT NULL,
	"permission" text DEFAULT 'normal' NOT NULL,
	"email" text,
	"mobile" text,
	"fbk10" text DEFAULT 'N' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"last_login_date" timestamp with time zone,
	"password_changed_date" timestamp with time zone,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_update_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subaccount_role" (
	"subaccount_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	CONSTRAINT "subaccount_role_subaccount_id_role_id_pk" PRIMARY KEY("subaccount_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "auth_session" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subaccount_id" uuid NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_date" timestamp with time zone,
	"revoke_reason" text,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "refresh_token" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_date" timestamp with time zone NOT NULL,
	"used_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "menu" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"station" text NOT NULL,
	"els_account" text,
	"parent_id" uuid,
	"app_name" text NOT NULL,
	"app_name_en" text NOT NULL,
	"app_url" text NOT NULL,
	"app_icon" text,
	"app_code" text NOT NULL,
	"component" text,
	"roles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"group_paths" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"query" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"keep_alive" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_secret" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_relation" ADD CONSTRAINT "account_relation_els_account_company_els_account_fk" FOREIGN KEY ("els_account") REFERENCES "public"."company"("els_account") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_relation" ADD CONSTRAINT "account_relation_to_els_account_company_els_account_fk" FOREIGN KEY ("to_els_account") REFERENCES "public"."company"("els_account") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role" ADD CONSTRAINT "role_els_account_company_els_account_fk" FOREIGN KEY ("els_account") REFERENCES "public"."company"("els_account") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subaccount" ADD CONSTRAINT "subaccount_els_account_company_els_account_fk" FOREIGN KEY ("els_account") REFERENCES "public"."company"("els_account") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subaccount_role" ADD CONSTRAINT "subaccount_role_subaccount_id_subaccount_id_fk" FOREIGN KEY ("subaccount_id") REFERENCES "public"."subaccount"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subaccount_role" ADD CONSTRAINT "subaccount_role_role_id_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_session" ADD CONSTRAINT "auth_session_subaccount_id_subaccount_id_fk" FOREIGN KEY ("subaccount_id") REFERENCES "public"."subaccount"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_token" ADD CONSTRAINT "refresh_token_session_id_auth_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."auth_session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_relation_to_idx" ON "account_relation" USING btree ("to_els_account");--> statement-breakpoint
CREATE UNIQUE INDEX "role_account_code_uq" ON "role" USING btree ("els_account","role_code");--> statement-breakpoint
CREATE UNIQUE INDEX "subaccount_account_uq" ON "subaccount" USING btree ("els_account","els_sub_account");--> statement-breakpoint
CREATE INDEX "subaccount_role_role_idx" ON "subaccount_role" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "auth_session_subaccount_idx" ON "auth_session" USING btree ("subaccount_id");--> statement-breakpoint
CREATE INDEX "refresh_token_session_idx" ON "refresh_token" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "menu_station_idx" ON "menu" USING btree ("station","els_account");