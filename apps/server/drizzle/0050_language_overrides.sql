CREATE TABLE "language_override" (
	"tenant" text NOT NULL,
	"lang" text NOT NULL,
	"overrides" jsonb NOT NULL,
	"last_update_user" text NOT NULL,
	"last_update_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "language_override_tenant_lang_pk" PRIMARY KEY("tenant","lang")
);
