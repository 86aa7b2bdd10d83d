CREATE TABLE "audit_action_request" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"approval_kind" text NOT NULL,
	"document_kind" text NOT NULL,
	"document_id" uuid NOT NULL,
	"action" text NOT NULL,
	"payload" jsonb NOT NULL,
	"requested_by" text NOT NULL,
	"remark" text,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "enquiry" ADD COLUMN "award_audit_status" text DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_action_request_uq" ON "audit_action_request" USING btree ("approval_kind","document_id");