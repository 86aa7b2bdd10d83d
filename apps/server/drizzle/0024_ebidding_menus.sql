-- E-auction menus (issue #14) for databases seeded before auctions existed, under each station's Sourcing
-- group (a fresh database gets them from the seed; there the menu is still empty when migrations run and
-- this insert adds nothing).
INSERT INTO "menu" ("station", "els_account", "parent_id", "app_name", "app_name_en", "app_url", "app_code", "roles", "sort_order")
SELECT g."station", g."els_account", g."id", e.zh, e.en, e.url, e.code, '[]'::jsonb, e.sort
FROM "menu" g
JOIN (VALUES ('purchase', 'ebiddings', '在线竞价', 'E-auctions', '/ebidding/#/v2/list', 20),
             ('sale', 'ebidding-invitations', '在线竞价邀请', 'E-auction invitations', '/ebidding/#/v2/list', 20))
  AS e(station, code, zh, en, url, sort) ON e.station = g."station"
WHERE g."parent_id" IS NULL AND g."app_code" = 'sourcing'
  AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."parent_id" = g."id" AND m."app_code" = e.code);
