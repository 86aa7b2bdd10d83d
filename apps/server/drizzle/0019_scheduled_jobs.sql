CREATE TABLE "scheduled_job" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"job_key" text NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"done_date" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_job_key_uq" ON "scheduled_job" USING btree ("kind","job_key");--> statement-breakpoint
CREATE INDEX "scheduled_job_due_idx" ON "scheduled_job" USING btree ("run_at") WHERE state = 'pending';