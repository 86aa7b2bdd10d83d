ALTER TABLE "role" ADD COLUMN "menu_ids" jsonb;--> statement-breakpoint
ALTER TABLE "role" ADD COLUMN "actions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "role" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subaccount" ADD COLUMN "default_org" text;
--> statement-breakpoint
-- hand-written: issue #19 menu entries "账号管理 / Account management" and "角色管理 / Role management" under
-- System management (app_code 'system', platform-wide) of both stations, for databases seeded before them.
INSERT INTO "menu" ("station", "els_account", "parent_id", "app_name", "app_name_en", "app_url", "app_code", "roles", "group_paths", "query", "keep_alive", "sort_order")
SELECT p."station", NULL, p."id", v."app_name", v."app_name_en", v."app_url", v."app_code", '[]'::jsonb, '[]'::jsonb, '{}'::jsonb, true, v."sort_order"
FROM "menu" p
CROSS JOIN (VALUES
  ('账号管理', 'Account management', '/system/#/v2/accounts', 'account-admin', 900),
  ('角色管理', 'Role management', '/system/#/v2/roles', 'role-admin', 910)
) AS v("app_name", "app_name_en", "app_url", "app_code", "sort_order")
WHERE p."app_code" = 'system' AND p."els_account" IS NULL AND p."parent_id" IS NULL
  AND NOT EXISTS (
    SELECT 1 FROM "menu" c WHERE c."parent_id" = p."id" AND c."app_code" = v."app_code"
  );
