CREATE TABLE "mqtt_client" (
	"client_id" text PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"subaccount_id" uuid NOT NULL,
	"els_account" text NOT NULL,
	"els_sub_account" text NOT NULL,
	"station" text NOT NULL,
	"expires_date" timestamp with time zone NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
