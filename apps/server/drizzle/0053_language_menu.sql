-- hand-written: issue #18/#19 menu entry "界面文字 / Interface texts" (the company's interface-text overrides,
-- /system/#/v2/language) under System management (app_code 'system', platform-wide) of the purchase station
-- only (saving them is for the buyer admin), for databases seeded before it.
INSERT INTO "menu" ("station", "els_account", "parent_id", "app_name", "app_name_en", "app_url", "app_code", "roles", "group_paths", "query", "keep_alive", "sort_order")
SELECT p."station", NULL, p."id", '界面文字', 'Interface texts', '/system/#/v2/language', 'language-texts', '[]'::jsonb, '[]'::jsonb, '{}'::jsonb, true, 930
FROM "menu" p
WHERE p."app_code" = 'system' AND p."station" = 'purchase' AND p."els_account" IS NULL AND p."parent_id" IS NULL
  AND NOT EXISTS (SELECT 1 FROM "menu" c WHERE c."parent_id" = p."id" AND c."app_code" = 'language-texts');
