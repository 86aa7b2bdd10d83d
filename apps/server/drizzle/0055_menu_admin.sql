-- hand-written: issue #19 Menu management. A company's changes to platform-wide menu entries are rows of
-- menu_override (rename / reorder / hide for that company only); the company's own entries are menu rows
-- with els_account set, edited in place under menu.version (optimistic lock).
CREATE TABLE IF NOT EXISTS "menu_override" (
	"els_account" text NOT NULL,
	"menu_id" uuid NOT NULL,
	"app_name" text,
	"app_name_en" text,
	"sort_order" integer,
	"hidden" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"last_update_user" text NOT NULL,
	"last_update_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "menu_override_els_account_menu_id_pk" PRIMARY KEY("els_account","menu_id")
);
--> statement-breakpoint
ALTER TABLE "menu_override" DROP CONSTRAINT IF EXISTS "menu_override_menu_id_menu_id_fk";
--> statement-breakpoint
ALTER TABLE "menu_override" ADD CONSTRAINT "menu_override_menu_id_menu_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menu"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "menu" ADD COLUMN IF NOT EXISTS "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
-- The menu entry "菜单管理 / Menu management" (/system/#/v2/menus) under System management of both
-- stations, for databases seeded before it.
INSERT INTO "menu" ("station", "els_account", "parent_id", "app_name", "app_name_en", "app_url", "app_code", "roles", "group_paths", "query", "keep_alive", "sort_order")
SELECT p."station", NULL, p."id", '菜单管理', 'Menu management', '/system/#/v2/menus', 'menu-admin', '[]'::jsonb, '[]'::jsonb, '{}'::jsonb, true, 940
FROM "menu" p
WHERE p."app_code" = 'system' AND p."els_account" IS NULL AND p."parent_id" IS NULL
  AND NOT EXISTS (SELECT 1 FROM "menu" c WHERE c."parent_id" = p."id" AND c."app_code" = 'menu-admin');
