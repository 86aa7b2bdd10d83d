-- hand-written: issue #19 approval configuration — delegation ("while I am away, my approvals go to X") and
-- carbon copy (a step's CC recipients are told when the approval ends; the "Copied to me" list).
CREATE TABLE "audit_delegation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"delegator" text NOT NULL,
	"delegate" text NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"remark" text,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_update_user" text NOT NULL,
	"last_update_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_cc" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"flow_id" uuid NOT NULL,
	"document_kind" text NOT NULL,
	"document_id" uuid NOT NULL,
	"document_number" text NOT NULL,
	"receiver" text NOT NULL,
	"result" text NOT NULL,
	"promoter" text NOT NULL,
	"amount" numeric(18, 2),
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_task" ADD COLUMN "delegated_from" jsonb;--> statement-breakpoint
ALTER TABLE "audit_task" ADD COLUMN "handled_on_behalf_of" text;--> statement-breakpoint
CREATE INDEX "audit_delegation_delegator_idx" ON "audit_delegation" USING btree ("els_account","delegator","status");--> statement-breakpoint
CREATE INDEX "audit_delegation_delegate_idx" ON "audit_delegation" USING btree ("els_account","delegate","status");--> statement-breakpoint
CREATE INDEX "audit_cc_receiver_idx" ON "audit_cc" USING btree ("els_account","receiver","create_date" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "audit_cc_flow_receiver_uq" ON "audit_cc" USING btree ("flow_id","receiver");
