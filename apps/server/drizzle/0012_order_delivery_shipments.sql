CREATE TABLE "purchase_order_shipment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"els_account" text NOT NULL,
	"to_els_account" text NOT NULL,
	"shipment_number" text NOT NULL,
	"logistics_company" text NOT NULL,
	"tracking_number" text NOT NULL,
	"ship_date" date NOT NULL,
	"expected_arrival_date" date,
	"status" text DEFAULT '1' NOT NULL,
	"remark" text,
	"receive_date" timestamp with time zone,
	"create_user" text NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_update_user" text NOT NULL,
	"last_update_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_order_shipment_item" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"item_number" integer NOT NULL,
	"shipped_quantity" numeric(18, 3) NOT NULL,
	"received_quantity" numeric(18, 3) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "purchase_order" ADD COLUMN "delivery_status" text DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_order_item" ADD COLUMN "shipped_quantity" numeric(18, 3) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_order_item" ADD COLUMN "received_quantity" numeric(18, 3) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_order_shipment" ADD CONSTRAINT "purchase_order_shipment_order_id_purchase_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."purchase_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_shipment_item" ADD CONSTRAINT "purchase_order_shipment_item_shipment_id_purchase_order_shipment_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."purchase_order_shipment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_shipment_item" ADD CONSTRAINT "purchase_order_shipment_item_order_item_id_purchase_order_item_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."purchase_order_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_order_shipment_number_uq" ON "purchase_order_shipment" USING btree ("to_els_account","shipment_number");--> statement-breakpoint
CREATE INDEX "purchase_order_shipment_order_idx" ON "purchase_order_shipment" USING btree ("order_id","create_date");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_order_shipment_item_uq" ON "purchase_order_shipment_item" USING btree ("shipment_id","order_item_id");--> statement-breakpoint
CREATE INDEX "purchase_order_shipment_item_line_idx" ON "purchase_order_shipment_item" USING btree ("order_item_id");