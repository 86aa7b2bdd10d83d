CREATE TABLE "rate_limit" (
	"key" varchar(255) PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
--> statement-breakpoint
CREATE TABLE "sms_send_slot" (
	"mobile" text NOT NULL,
	"purpose" text NOT NULL,
	"sent_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_send_slot_mobile_purpose_pk" PRIMARY KEY("mobile","purpose")
);
