CREATE TABLE "audit_trail" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"document_kind" text NOT NULL,
	"document_id" uuid NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"remark" text,
	"create_user" text NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "number_sequence" (
	"els_account" text NOT NULL,
	"prefix" text NOT NULL,
	"period" text NOT NULL,
	"last_value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "number_sequence_els_account_prefix_period_pk" PRIMARY KEY("els_account","prefix","period")
);
--> statement-breakpoint
CREATE TABLE "outbox_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"payload" text NOT NULL,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_date" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "navigation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"station" text NOT NULL,
	"els_account" text,
	"title" text NOT NULL,
	"title_en" text NOT NULL,
	"url" text NOT NULL,
	"icon" text,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notice" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"notice_number" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"type" text DEFAULT '1' NOT NULL,
	"status" text DEFAULT '0' NOT NULL,
	"audit_status" text DEFAULT '0' NOT NULL,
	"notice_channel" text DEFAULT '1' NOT NULL,
	"pub_org" text,
	"pub_org_desc" text,
	"pub_user" text,
	"notice_start_time" timestamp with time zone NOT NULL,
	"notice_end_time" timestamp with time zone NOT NULL,
	"publish_time" timestamp with time zone,
	"create_user" text NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_update_user" text NOT NULL,
	"last_update_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notice_receiver" (
	"notice_id" uuid NOT NULL,
	"to_els_account" text NOT NULL,
	"is_read" text DEFAULT 'N' NOT NULL,
	"read_time" timestamp with time zone,
	CONSTRAINT "notice_receiver_notice_id_to_els_account_pk" PRIMARY KEY("notice_id","to_els_account")
);
--> statement-breakpoint
CREATE TABLE "sys_msg" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"els_sub_account" text NOT NULL,
	"msg_title" text NOT NULL,
	"msg_content" text DEFAULT '' NOT NULL,
	"sender_els_account" text,
	"sender_els_sub_account" text,
	"sender_name" text,
	"send_time" timestamp with time zone DEFAULT now() NOT NULL,
	"read_flag" text DEFAULT 'N' NOT NULL,
	"handle_flag" text DEFAULT 'N' NOT NULL,
	"business_type" text,
	"business_id" text,
	"link_url" text
);
--> statement-breakpoint
ALTER TABLE "notice_receiver" ADD CONSTRAINT "notice_receiver_notice_id_notice_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notice"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_trail_document_idx" ON "audit_trail" USING btree ("document_kind","document_id","create_date");--> statement-breakpoint
CREATE INDEX "outbox_event_pending_idx" ON "outbox_event" USING btree ("id") WHERE delivered_date is null;--> statement-breakpoint
CREATE INDEX "navigation_station_idx" ON "navigation" USING btree ("station","els_account");--> statement-breakpoint
CREATE INDEX "notice_account_idx" ON "notice" USING btree ("els_account","create_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notice_receiver_to_idx" ON "notice_receiver" USING btree ("to_els_account");--> statement-breakpoint
CREATE INDEX "sys_msg_receiver_idx" ON "sys_msg" USING btree ("els_account","els_sub_account","send_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sys_msg_unread_idx" ON "sys_msg" USING btree ("els_account","els_sub_account","send_time" DESC NULLS LAST) WHERE read_flag = 'N';