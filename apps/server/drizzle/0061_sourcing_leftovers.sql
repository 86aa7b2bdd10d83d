-- The supplier's "Public RFQs" menu entry (issue #13 public RFQs): every buyer's public RFQs to take part in, at an
-- address of its own (/rfq/#/v2/public) so the shell names and keys its tab apart from "RFQ invitations"
-- (/rfq/#/v2/list). Under each sale 'sourcing' group, right after 'enquiry-invitations'. A fresh database gets it
-- from the demo seed (the menu is still empty when migrations run, so this adds nothing there); it runs once per
-- group however often it is applied.
INSERT INTO "menu" ("station", "els_account", "parent_id", "app_name", "app_name_en", "app_url", "app_code", "roles", "sort_order")
SELECT g."station", g."els_account", g."id", '公开询价', 'Public RFQs', '/rfq/#/v2/public', 'enquiry-public', '[]'::jsonb,
  coalesce((SELECT s."sort_order" + 5 FROM "menu" s WHERE s."parent_id" = g."id" AND s."app_code" = 'enquiry-invitations' LIMIT 1),
    (SELECT max(s."sort_order") + 10 FROM "menu" s WHERE s."parent_id" = g."id"), 10)
FROM "menu" g
WHERE g."station" = 'sale' AND g."app_code" = 'sourcing' AND g."parent_id" IS NULL
  AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."parent_id" = g."id" AND m."app_code" = 'enquiry-public');
--> statement-breakpoint
-- The RFQ's quote revision (issue #13, the comparison summary's cache key): raised in the same transaction as every
-- write of its invitations or quotes that does not move the header's version (quote, participate, decline, join).
ALTER TABLE "enquiry" ADD COLUMN IF NOT EXISTS "quote_rev" integer DEFAULT 0 NOT NULL;
