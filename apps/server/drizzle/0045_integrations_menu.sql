-- hand-written: issue #18 menu entry "API 密钥与 Webhook / API keys and webhooks" under System management
-- (app_code 'system', platform-wide) of both stations, for databases seeded before it.
INSERT INTO "menu" ("station", "els_account", "parent_id", "app_name", "app_name_en", "app_url", "app_code", "roles", "group_paths", "query", "keep_alive", "sort_order")
SELECT p."station", NULL, p."id", 'API 密钥与 Webhook', 'API keys and webhooks', '/system/#/v2/integrations', 'integrations', '[]'::jsonb, '[]'::jsonb, '{}'::jsonb, true, 920
FROM "menu" p
WHERE p."app_code" = 'system' AND p."els_account" IS NULL AND p."parent_id" IS NULL
  AND NOT EXISTS (SELECT 1 FROM "menu" c WHERE c."parent_id" = p."id" AND c."app_code" = 'integrations');
