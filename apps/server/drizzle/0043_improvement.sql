CREATE TABLE "improvement" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"to_els_account" text NOT NULL,
	"flow_id" uuid,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"extend_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"create_user" text NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_update_user" text NOT NULL,
	"last_update_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"improvement_number" text NOT NULL,
	"improvement_status" text DEFAULT '0' NOT NULL,
	"improvement_date" date NOT NULL,
	"supplier_name" text NOT NULL,
	"buyer_name" text NOT NULL,
	"subject" text NOT NULL,
	"problem_desc" text,
	"source_type" text DEFAULT 'manual' NOT NULL,
	"source_number" text,
	"template_id" uuid,
	"template_name" text,
	"reopen_count" integer DEFAULT 0 NOT NULL,
	"reopen_reason" text,
	"close_date" date,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "improvement_item" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"to_els_account" text NOT NULL,
	"line_number" integer NOT NULL,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"document_id" uuid NOT NULL,
	"item_name" text NOT NULL,
	"guidance" text,
	"required_date" date,
	"item_status" text DEFAULT '0' NOT NULL,
	"root_cause" text,
	"corrective_action" text,
	"due_date" date,
	"answer_date" date,
	"verify_date" date
);
--> statement-breakpoint
CREATE TABLE "improvement_reminder_sent" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"due_date" date NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "improvement_template" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"to_els_account" text NOT NULL,
	"flow_id" uuid,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"extend_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"create_user" text NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_update_user" text NOT NULL,
	"last_update_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"template_number" text NOT NULL,
	"template_status" text DEFAULT 'DRAFT' NOT NULL,
	"template_name" text NOT NULL,
	"template_date" date NOT NULL,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "improvement_template_item" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"to_els_account" text NOT NULL,
	"line_number" integer NOT NULL,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"document_id" uuid NOT NULL,
	"item_name" text NOT NULL,
	"guidance" text,
	"due_days" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "improvement_item" ADD CONSTRAINT "improvement_item_document_id_improvement_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."improvement"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "improvement_reminder_sent" ADD CONSTRAINT "improvement_reminder_sent_item_id_improvement_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."improvement_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "improvement_template_item" ADD CONSTRAINT "improvement_template_item_document_id_improvement_template_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."improvement_template"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "improvement_number_uq" ON "improvement" USING btree ("els_account","improvement_number" collate "C");--> statement-breakpoint
CREATE INDEX "improvement_supplier_number_idx" ON "improvement" USING btree ("to_els_account","improvement_number" collate "C","id");--> statement-breakpoint
CREATE INDEX "improvement_buyer_list_idx" ON "improvement" USING btree ("els_account","improvement_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "improvement_buyer_status_idx" ON "improvement" USING btree ("els_account","improvement_status","improvement_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "improvement_supplier_list_idx" ON "improvement" USING btree ("to_els_account","improvement_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "improvement_supplier_status_idx" ON "improvement" USING btree ("to_els_account","improvement_status","improvement_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "improvement_item_document_idx" ON "improvement_item" USING btree ("document_id","line_number");--> statement-breakpoint
CREATE INDEX "improvement_item_open_due_idx" ON "improvement_item" USING btree ("item_status","due_date") WHERE item_status <> '2';--> statement-breakpoint
CREATE UNIQUE INDEX "improvement_reminder_sent_uq" ON "improvement_reminder_sent" USING btree ("item_id","due_date");--> statement-breakpoint
CREATE UNIQUE INDEX "improvement_template_number_uq" ON "improvement_template" USING btree ("els_account","template_number" collate "C");--> statement-breakpoint
CREATE INDEX "improvement_template_supplier_number_idx" ON "improvement_template" USING btree ("to_els_account","template_number" collate "C","id");--> statement-breakpoint
CREATE INDEX "improvement_template_buyer_list_idx" ON "improvement_template" USING btree ("els_account","template_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "improvement_template_buyer_status_idx" ON "improvement_template" USING btree ("els_account","template_status","template_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "improvement_template_supplier_list_idx" ON "improvement_template" USING btree ("to_els_account","template_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "improvement_template_supplier_status_idx" ON "improvement_template" USING btree ("to_els_account","template_status","template_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "improvement_template_item_document_idx" ON "improvement_template_item" USING btree ("document_id","line_number");
--> statement-breakpoint
-- hand-written: (issue #17, branch improvement) the Supplier improvement menu group with its entries, for
-- databases seeded before it existed: buyer "改善单管理 / Improvement sheets" and "改善项模板 / Improvement item
-- templates", supplier "改善单 / Improvement sheets", after each station's Supplier admission group (a fresh
-- database gets them from the seed; there the menu is still empty when migrations run and these add nothing).
INSERT INTO "menu" ("station", "els_account", "parent_id", "app_name", "app_name_en", "app_url", "app_icon", "app_code", "roles", "sort_order")
SELECT o."station", o."els_account", NULL, '供应商改善', 'Supplier improvement', '', 'AuditOutlined', 'improvement', '[]'::jsonb, o."sort_order" + 1
FROM "menu" o
WHERE o."parent_id" IS NULL AND o."app_code" = 'admission' AND o."station" IN ('purchase', 'sale')
  AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."parent_id" IS NULL AND m."station" = o."station"
                  AND m."els_account" IS NOT DISTINCT FROM o."els_account" AND m."app_code" = 'improvement');--> statement-breakpoint
INSERT INTO "menu" ("station", "els_account", "parent_id", "app_name", "app_name_en", "app_url", "app_code", "roles", "sort_order")
SELECT g."station", g."els_account", g."id", e.zh, e.en, e.url, e.code, '[]'::jsonb, e.sort
FROM "menu" g
JOIN (VALUES ('purchase', 'improvement-sheets', '改善单管理', 'Improvement sheets', '/improvement/#/v2/improvement/list', 10),
             ('purchase', 'improvement-templates', '改善项模板', 'Improvement item templates', '/improvement/#/v2/template/list', 20),
             ('sale', 'improvement-sheets', '改善单', 'Improvement sheets', '/improvement/#/v2/improvement/list', 10))
  AS e(station, code, zh, en, url, sort) ON e.station = g."station"
WHERE g."parent_id" IS NULL AND g."app_code" = 'improvement'
  AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."parent_id" = g."id" AND m."app_code" = e.code);
-- hand-written: end (issue #17, improvement)
