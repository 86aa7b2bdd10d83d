CREATE TABLE "subaccount_data_permission" (
	"subaccount_id" uuid NOT NULL,
	"els_account" text NOT NULL,
	"item" text NOT NULL,
	"values" text[] NOT NULL,
	"last_update_user" text NOT NULL,
	"last_update_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subaccount_data_permission_subaccount_id_item_pk" PRIMARY KEY("subaccount_id","item"),
	CONSTRAINT "subaccount_data_permission_item_ck" CHECK ("subaccount_data_permission"."item" in ('purchaseOrg', 'purchaseGroup', 'factory', 'materialCategory', 'supplier', 'costCenter'))
);
--> statement-breakpoint
ALTER TABLE "subaccount_data_permission" ADD CONSTRAINT "subaccount_data_permission_subaccount_id_subaccount_id_fk" FOREIGN KEY ("subaccount_id") REFERENCES "public"."subaccount"("id") ON DELETE cascade ON UPDATE no action;