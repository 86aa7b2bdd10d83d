CREATE TABLE "appraisal_result" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"els_account" text NOT NULL,
	"to_els_account" text NOT NULL,
	"supplier_name" text NOT NULL,
	"rating_status" text DEFAULT '0' NOT NULL,
	"total_score" numeric(7, 2),
	"grade" text,
	"rank_no" integer,
	"rank_band" text,
	"proposal_number" text,
	"proposal_note" text,
	"supplier_comment" text,
	"comment_date" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appraisal_run" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"appraisal_number" text NOT NULL,
	"template_id" uuid NOT NULL,
	"template_name" text NOT NULL,
	"items" jsonb NOT NULL,
	"excellent_min" numeric(5, 2) NOT NULL,
	"good_min" numeric(5, 2) NOT NULL,
	"qualified_min" numeric(5, 2) NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"supplier_type" text,
	"experts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"run_status" text DEFAULT '0' NOT NULL,
	"finish_date" timestamp with time zone,
	"remark" text,
	"create_user" text NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_update_user" text NOT NULL,
	"last_update_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appraisal_score" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"els_account" text NOT NULL,
	"to_els_account" text NOT NULL,
	"item_id" text NOT NULL,
	"rate" numeric(9, 6),
	"value" numeric(18, 4),
	"amount" numeric(18, 2),
	"given" numeric(9, 2),
	"score" numeric(7, 2),
	"evidence" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"scorer" text,
	"score_date" timestamp with time zone,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "appraisal_template" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"template_number" text NOT NULL,
	"template_name" text NOT NULL,
	"template_status" text DEFAULT '0' NOT NULL,
	"excellent_min" numeric(5, 2) DEFAULT '90' NOT NULL,
	"good_min" numeric(5, 2) DEFAULT '80' NOT NULL,
	"qualified_min" numeric(5, 2) DEFAULT '60' NOT NULL,
	"items" jsonb NOT NULL,
	"remark" text,
	"create_user" text NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_update_user" text NOT NULL,
	"last_update_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appraisal_result" ADD CONSTRAINT "appraisal_result_run_id_appraisal_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."appraisal_run"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appraisal_run" ADD CONSTRAINT "appraisal_run_template_id_appraisal_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."appraisal_template"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appraisal_score" ADD CONSTRAINT "appraisal_score_run_id_appraisal_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."appraisal_run"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appraisal_result_run_supplier_uq" ON "appraisal_result" USING btree ("run_id","to_els_account");--> statement-breakpoint
CREATE INDEX "appraisal_result_supplier_idx" ON "appraisal_result" USING btree ("to_els_account","els_account");--> statement-breakpoint
CREATE UNIQUE INDEX "appraisal_run_number_uq" ON "appraisal_run" USING btree ("els_account","appraisal_number");--> statement-breakpoint
CREATE INDEX "appraisal_run_list_idx" ON "appraisal_run" USING btree ("els_account","create_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "appraisal_score_uq" ON "appraisal_score" USING btree ("run_id","to_els_account","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "appraisal_template_number_uq" ON "appraisal_template" USING btree ("els_account","template_number");--> statement-breakpoint
CREATE INDEX "appraisal_template_list_idx" ON "appraisal_template" USING btree ("els_account","create_date" DESC NULLS LAST,"id" DESC NULLS LAST);
--> statement-breakpoint
-- hand-written: (issue #17, branch appraisal) the "供应商绩效 / Supplier performance" (buyer) and "我的绩效 / My
-- performance" (supplier) menu groups with their entries, for databases seeded before they existed, after each
-- station's Supplier admission group (a fresh database gets them from the seed; there the menu is still empty
-- when migrations run and these inserts add nothing).
INSERT INTO "menu" ("station", "els_account", "parent_id", "app_name", "app_name_en", "app_url", "app_icon", "app_code", "roles", "sort_order")
SELECT o."station", o."els_account", NULL,
  CASE o."station" WHEN 'purchase' THEN '供应商绩效' ELSE '我的绩效' END,
  CASE o."station" WHEN 'purchase' THEN 'Supplier performance' ELSE 'My performance' END,
  '', 'AuditOutlined', 'performance', '[]'::jsonb, o."sort_order" + 1
FROM "menu" o
WHERE o."parent_id" IS NULL AND o."app_code" = 'admission' AND o."station" IN ('purchase', 'sale')
  AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."parent_id" IS NULL AND m."station" = o."station"
                  AND m."els_account" IS NOT DISTINCT FROM o."els_account" AND m."app_code" = 'performance');--> statement-breakpoint
INSERT INTO "menu" ("station", "els_account", "parent_id", "app_name", "app_name_en", "app_url", "app_code", "roles", "sort_order")
SELECT g."station", g."els_account", g."id", e.zh, e.en, e.url, e.code, '[]'::jsonb, e.sort
FROM "menu" g
JOIN (VALUES ('purchase', 'appraisal-templates', '考评模板', 'Appraisal templates', '/performance/#/v2/templates', 10),
             ('purchase', 'appraisal-runs', '绩效考评', 'Appraisal runs', '/performance/#/v2/runs', 20),
             ('purchase', 'appraisal-scoring', '专家评分', 'Expert scoring', '/performance/#/v2/scoring', 30),
             ('sale', 'appraisal-scorecards', '绩效考评结果', 'Scorecards', '/performance/#/v2/scorecards', 10))
  AS e(station, code, zh, en, url, sort) ON e.station = g."station"
WHERE g."parent_id" IS NULL AND g."app_code" = 'performance'
  AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."parent_id" = g."id" AND m."app_code" = e.code);
-- hand-written: end (issue #17, appraisal)
