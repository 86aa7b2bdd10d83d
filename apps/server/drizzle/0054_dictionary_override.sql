-- hand-written: issue #19 business dictionary management and preset parameter management.
-- 1. A company's overrides of the platform dictionaries (packages/contracts/src/dictionaries.ts): one row per
--    dictionary code + value; a null label keeps the platform label; enabled = false hides the entry from
--    pickers (documents holding it still show its label); version for optimistic locking ('409').
CREATE TABLE IF NOT EXISTS "dict_override" (
	"els_account" text NOT NULL,
	"dict_code" text NOT NULL,
	"dict_value" text NOT NULL,
	"label_zh_cn" text,
	"label_en" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"last_update_user" text NOT NULL,
	"last_update_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dict_override_els_account_dict_code_dict_value_pk" PRIMARY KEY("els_account","dict_code","dict_value")
);
--> statement-breakpoint
-- 2. Menu entries "业务字典 / Business dictionaries" and "预置参数 / Preset parameters" under System management
--    (app_code 'system', platform-wide) of the purchase station, for databases seeded before them.
INSERT INTO "menu" ("station", "els_account", "parent_id", "app_name", "app_name_en", "app_url", "app_code", "roles", "group_paths", "query", "keep_alive", "sort_order")
SELECT p."station", NULL, p."id", '业务字典', 'Business dictionaries', '/system/#/v2/dictionaries', 'business-dictionaries', '[]'::jsonb, '[]'::jsonb, '{}'::jsonb, true, 940
FROM "menu" p
WHERE p."app_code" = 'system' AND p."station" = 'purchase' AND p."els_account" IS NULL AND p."parent_id" IS NULL
  AND NOT EXISTS (SELECT 1 FROM "menu" c WHERE c."parent_id" = p."id" AND c."app_code" = 'business-dictionaries');
--> statement-breakpoint
INSERT INTO "menu" ("station", "els_account", "parent_id", "app_name", "app_name_en", "app_url", "app_code", "roles", "group_paths", "query", "keep_alive", "sort_order")
SELECT p."station", NULL, p."id", '预置参数', 'Preset parameters', '/system/#/v2/parameters', 'preset-parameters', '[]'::jsonb, '[]'::jsonb, '{}'::jsonb, true, 950
FROM "menu" p
WHERE p."app_code" = 'system' AND p."station" = 'purchase' AND p."els_account" IS NULL AND p."parent_id" IS NULL
  AND NOT EXISTS (SELECT 1 FROM "menu" c WHERE c."parent_id" = p."id" AND c."app_code" = 'preset-parameters');
