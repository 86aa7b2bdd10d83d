CREATE TABLE "purchase_order_bid" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"els_account" text NOT NULL,
	"to_els_account" text NOT NULL,
	"supplier_name" text NOT NULL,
	"round" integer NOT NULL,
	"bid_status" text DEFAULT '0' NOT NULL,
	"quote_end_time" timestamp with time zone NOT NULL,
	"invite_remark" text,
	"quotes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total_amount" numeric(18, 2),
	"quote_time" timestamp with time zone,
	"quote_remark" text,
	"create_user" text NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_update_user" text NOT NULL,
	"last_update_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "purchase_order_bid" ADD CONSTRAINT "purchase_order_bid_order_id_purchase_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."purchase_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_order_bid_order_idx" ON "purchase_order_bid" USING btree ("order_id","round");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_order_bid_invitee_uq" ON "purchase_order_bid" USING btree ("order_id","round","to_els_account");--> statement-breakpoint
CREATE INDEX "purchase_order_bid_supplier_list_idx" ON "purchase_order_bid" USING btree ("to_els_account","create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Menu rows for databases seeded before they existed (the demo seed adds them on a fresh database, where
-- the menu is still empty when migrations run, so these inserts find no group and add nothing).
-- 'custom-field-labels' (purchase, under the admin-only 'system' group, after 'audit-config').
INSERT INTO "menu" ("station", "els_account", "parent_id", "app_name", "app_name_en", "app_url", "app_code", "roles", "sort_order")
SELECT g."station", g."els_account", g."id", '自定义字段', 'Custom field labels', '/masterdata/#/v2/custom-fields', 'custom-field-labels', '[]'::jsonb,
  coalesce((SELECT s."sort_order" + 5 FROM "menu" s WHERE s."parent_id" = g."id" AND s."app_code" = 'audit-config' LIMIT 1),
    (SELECT max(s."sort_order") + 10 FROM "menu" s WHERE s."parent_id" = g."id"), 10)
FROM "menu" g
WHERE g."station" = 'purchase' AND g."app_code" = 'system' AND g."parent_id" IS NULL
  AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."parent_id" = g."id" AND m."app_code" = 'custom-field-labels');--> statement-breakpoint
-- 'sales-bids' (sale, under the 'orders' group, after 'sales-orders'): the supplier's bid invitations.
INSERT INTO "menu" ("station", "els_account", "parent_id", "app_name", "app_name_en", "app_url", "app_code", "roles", "sort_order")
SELECT g."station", g."els_account", g."id", '竞价邀请', 'Bid invitations', '/order/#/v2/order/bids', 'sales-bids', '[]'::jsonb,
  coalesce((SELECT s."sort_order" + 10 FROM "menu" s WHERE s."parent_id" = g."id" AND s."app_code" = 'sales-orders' LIMIT 1),
    (SELECT max(s."sort_order") + 10 FROM "menu" s WHERE s."parent_id" = g."id"), 10)
FROM "menu" g
WHERE g."station" = 'sale' AND g."app_code" = 'orders' AND g."parent_id" IS NULL
  AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."parent_id" = g."id" AND m."app_code" = 'sales-bids');
