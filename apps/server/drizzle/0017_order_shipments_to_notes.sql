-- Order shipments become delivery notices (issue #12): each shipment is a sales-initiated notice that was
-- shipped (3), partly received (4) or fully received (5), keeping its id, number (SN…), logistics, dates and
-- who made it; each shipment line a notice line with the order line's data. Then the shipment tables go.
INSERT INTO "delivery_note" ("id", "els_account", "to_els_account", "delivery_note_number", "note_type", "note_status",
  "send_status", "supplier_name", "buyer_name", "note_date", "logistics_company", "tracking_number", "expected_arrival_date",
  "received_address", "remark", "total_quantity", "send_time", "confirm_date", "create_user", "create_date",
  "last_update_user", "last_update_date")
SELECT s."id", s."els_account", s."to_els_account", s."shipment_number", '1',
  CASE WHEN s."status" = '2' THEN '5'
       WHEN EXISTS (SELECT 1 FROM "purchase_order_shipment_item" r WHERE r."shipment_id" = s."id" AND r."received_quantity" > 0) THEN '4'
       ELSE '3' END,
  '1', o."supplier_name", coalesce(c."company_name", s."els_account"), s."ship_date", s."logistics_company",
  s."tracking_number", s."expected_arrival_date", o."delivery_address", s."remark",
  coalesce((SELECT sum(q."shipped_quantity") FROM "purchase_order_shipment_item" q WHERE q."shipment_id" = s."id"), 0),
  s."create_date", s."receive_date", s."create_user", s."create_date", s."last_update_user", s."last_update_date"
FROM "purchase_order_shipment" s
JOIN "purchase_order" o ON o."id" = s."order_id"
LEFT JOIN "company" c ON c."els_account" = s."els_account";--> statement-breakpoint
INSERT INTO "delivery_note_item" ("id", "document_id", "els_account", "to_els_account", "line_number", "order_id",
  "order_item_id", "order_number", "item_number", "material_number", "material_desc", "unit", "quantity", "delivery_date",
  "send_delivery_note_quantity", "box_count", "confirm_quantity")
SELECT si."id", si."shipment_id", s."els_account", s."to_els_account",
  (row_number() OVER (PARTITION BY si."shipment_id" ORDER BY si."item_number")) * 10,
  s."order_id", si."order_item_id", o."order_number", si."item_number", i."material_number", i."material_desc", i."unit",
  i."quantity", i."delivery_date", si."shipped_quantity",
  CASE WHEN i."min_packing_quantity" > 0 THEN least(9999, greatest(1, ceil(si."shipped_quantity" / i."min_packing_quantity")))::int ELSE 1 END,
  si."received_quantity"
FROM "purchase_order_shipment_item" si
JOIN "purchase_order_shipment" s ON s."id" = si."shipment_id"
JOIN "purchase_order" o ON o."id" = s."order_id"
JOIN "purchase_order_item" i ON i."id" = si."order_item_id";--> statement-breakpoint
-- One audit-trail row per moved notice, so its history does not start empty.
INSERT INTO "audit_trail" ("els_account", "document_kind", "document_id", "action", "from_status", "to_status", "remark", "create_user", "create_date")
SELECT n."els_account", 'deliveryNote', n."id", 'ship', NULL, '3', 'migrated from order shipment', n."create_user", n."create_date"
FROM "delivery_note" n WHERE n."delivery_note_number" LIKE 'SN%';--> statement-breakpoint
DROP TABLE "purchase_order_shipment" CASCADE;--> statement-breakpoint
DROP TABLE "purchase_order_shipment_item" CASCADE;--> statement-breakpoint
-- Menu groups for databases seeded before they existed (a fresh database gets them from the seed; there the
-- menu is still empty when migrations run and these inserts add nothing).
INSERT INTO "menu" ("station", "els_account", "parent_id", "app_name", "app_name_en", "app_url", "app_icon", "app_code", "roles", "sort_order")
SELECT o."station", o."els_account", NULL, g.zh, g.en, '', g.icon, g.code, '[]'::jsonb, o."sort_order" + g.step
FROM "menu" o
CROSS JOIN (VALUES ('delivery', '送货管理', 'Delivery management', 'CarOutlined', 1),
                   ('returns', '退货管理', 'Returns management', 'RollbackOutlined', 2)) AS g(code, zh, en, icon, step)
WHERE o."parent_id" IS NULL AND o."app_code" = 'orders' AND o."station" IN ('purchase', 'sale')
  AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."parent_id" IS NULL AND m."station" = o."station"
                  AND m."els_account" IS NOT DISTINCT FROM o."els_account" AND m."app_code" = g.code);--> statement-breakpoint
INSERT INTO "menu" ("station", "els_account", "parent_id", "app_name", "app_name_en", "app_url", "app_code", "roles", "sort_order")
SELECT g."station", g."els_account", g."id", e.zh, e.en, e.url, e.code, '[]'::jsonb, e.sort
FROM "menu" g
JOIN (VALUES ('purchase', 'delivery', 'delivery-notes', '送货通知单', 'Delivery notices', '/order/#/v2/delivery/list', 10),
             ('purchase', 'delivery', 'delivery-receive', '收货', 'Receiving', '/order/#/v2/delivery/receive', 20),
             ('purchase', 'delivery', 'delivery-request', '要货通知', 'Delivery requests', '/order/#/v2/delivery/request', 30),
             ('purchase', 'returns', 'refunds', '退货单', 'Returns', '/order/#/v2/refund/list', 10),
             ('sale', 'delivery', 'delivery-ship', '待送货订单行', 'Lines to ship', '/order/#/v2/delivery/ship', 10),
             ('sale', 'delivery', 'delivery-notes', '我的送货单', 'My delivery notices', '/order/#/v2/delivery/list', 20),
             ('sale', 'returns', 'refunds', '退货单', 'Returns', '/order/#/v2/refund/list', 10))
  AS e(station, grp, code, zh, en, url, sort) ON e.station = g."station" AND e.grp = g."app_code"
WHERE g."parent_id" IS NULL
  AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."parent_id" = g."id" AND m."app_code" = e.code);