CREATE TABLE "qual_template" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"template_code" text NOT NULL,
	"template_name" text NOT NULL,
	"template_status" text DEFAULT 'DRAFT' NOT NULL,
	"categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attachment_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"principal" text,
	"remark" text,
	"create_user" text NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_update_user" text NOT NULL,
	"last_update_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_access" (
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
	"apply_number" text NOT NULL,
	"apply_status" text DEFAULT '0' NOT NULL,
	"audit_status" text DEFAULT '0' NOT NULL,
	"apply_date" date NOT NULL,
	"access_org" text NOT NULL,
	"supplier_name" text NOT NULL,
	"access_category" text NOT NULL,
	"access_category_name" text,
	"template_id" uuid NOT NULL,
	"template_code" text NOT NULL,
	"template_name" text NOT NULL,
	"attachment_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"supplier_group" text,
	"principal" text,
	"full_name" text NOT NULL,
	"social_credit_code" text,
	"legal_representative" text,
	"register_capital" numeric(14, 2),
	"register_date" date,
	"nature" text,
	"is_listed" text,
	"industry" text,
	"country_code" text,
	"address" text,
	"reject_reason" text,
	"contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"banks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"certifications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_access_item" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"to_els_account" text NOT NULL,
	"line_number" integer NOT NULL,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"document_id" uuid NOT NULL,
	"item_name" text NOT NULL,
	"answer_type" text NOT NULL,
	"required" text DEFAULT 'N' NOT NULL,
	"answer_options" text,
	"answer" text
);
--> statement-breakpoint
CREATE TABLE "supplier_change" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"to_els_account" text NOT NULL,
	"supplier_master_id" uuid NOT NULL,
	"change_number" text NOT NULL,
	"apply_status" text DEFAULT '0' NOT NULL,
	"snapshot" jsonb NOT NULL,
	"proposed" jsonb NOT NULL,
	"touched" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remark" text,
	"reject_reason" text,
	"submit_date" timestamp with time zone,
	"audit_date" timestamp with time zone,
	"audit_user" text,
	"create_user" text NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_update_user" text NOT NULL,
	"last_update_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cert_reminder_sent" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"to_els_account" text NOT NULL,
	"cert_type" text NOT NULL,
	"expiry_date" date NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_status_change" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"to_els_account" text,
	"request_number" text NOT NULL,
	"request_type" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"to_frozen" text,
	"reason" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"company" jsonb,
	"supplier_name" text,
	"approval_remark" text,
	"create_user" text NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_update_user" text NOT NULL,
	"last_update_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fac_ins" (
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
	"fac_ins_number" text NOT NULL,
	"fac_ins_status" text DEFAULT '0' NOT NULL,
	"audit_status" text DEFAULT '0' NOT NULL,
	"supplier_name" text NOT NULL,
	"buyer_name" text NOT NULL,
	"template_id" uuid NOT NULL,
	"template_name" text NOT NULL,
	"inspection_date" date NOT NULL,
	"inspectors" text NOT NULL,
	"pass_score" numeric(6, 2) NOT NULL,
	"total_score" numeric(8, 2),
	"result" text,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "fac_ins_item" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"to_els_account" text NOT NULL,
	"line_number" integer NOT NULL,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"document_id" uuid NOT NULL,
	"item_name" text NOT NULL,
	"max_score" numeric(6, 2) NOT NULL,
	"guidance" text,
	"score" numeric(6, 2),
	"score_remark" text
);
--> statement-breakpoint
CREATE TABLE "fac_ins_rev_item" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"to_els_account" text NOT NULL,
	"line_number" integer NOT NULL,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"document_id" uuid NOT NULL,
	"item_name" text NOT NULL,
	"max_score" numeric(6, 2) NOT NULL,
	"guidance" text
);
--> statement-breakpoint
CREATE TABLE "fac_ins_template" (
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
	"pass_score" numeric(6, 2) NOT NULL,
	"max_total" numeric(8, 2) DEFAULT '0' NOT NULL,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "sample" (
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
	"sample_number" text NOT NULL,
	"sample_status" text DEFAULT '0' NOT NULL,
	"audit_status" text DEFAULT '0' NOT NULL,
	"supplier_name" text NOT NULL,
	"buyer_name" text NOT NULL,
	"template_id" uuid NOT NULL,
	"template_name" text NOT NULL,
	"material_number" text,
	"material_desc" text NOT NULL,
	"quantity" numeric(18, 3) NOT NULL,
	"required_date" date NOT NULL,
	"ship_date" date,
	"ship_quantity" numeric(18, 3),
	"tracking_number" text,
	"ship_remark" text,
	"conclusion" text,
	"conclusion_remark" text,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "sample_item" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"to_els_account" text NOT NULL,
	"line_number" integer NOT NULL,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"document_id" uuid NOT NULL,
	"item_name" text NOT NULL,
	"standard" text,
	"test_result" text,
	"test_value" text,
	"test_remark" text
);
--> statement-breakpoint
CREATE TABLE "sample_template" (
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
	"sample_template_number" text NOT NULL,
	"template_status" text DEFAULT 'DRAFT' NOT NULL,
	"template_name" text NOT NULL,
	"template_date" date NOT NULL,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "sample_template_item" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"els_account" text NOT NULL,
	"to_els_account" text NOT NULL,
	"line_number" integer NOT NULL,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"document_id" uuid NOT NULL,
	"item_name" text NOT NULL,
	"standard" text
);
--> statement-breakpoint
ALTER TABLE "supplier_master" ADD COLUMN "frozen" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_master" ADD COLUMN "access_status" text;--> statement-breakpoint
ALTER TABLE "supplier_master" ADD COLUMN "certifications" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_access_item" ADD CONSTRAINT "supplier_access_item_document_id_supplier_access_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."supplier_access"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fac_ins_item" ADD CONSTRAINT "fac_ins_item_document_id_fac_ins_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."fac_ins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fac_ins_rev_item" ADD CONSTRAINT "fac_ins_rev_item_document_id_fac_ins_template_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."fac_ins_template"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_item" ADD CONSTRAINT "sample_item_document_id_sample_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."sample"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_template_item" ADD CONSTRAINT "sample_template_item_document_id_sample_template_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."sample_template"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "qual_template_code_uq" ON "qual_template" USING btree ("els_account","template_code");--> statement-breakpoint
CREATE INDEX "qual_template_list_idx" ON "qual_template" USING btree ("els_account","create_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_access_number_uq" ON "supplier_access" USING btree ("els_account","apply_number" collate "C");--> statement-breakpoint
CREATE INDEX "supplier_access_supplier_number_idx" ON "supplier_access" USING btree ("to_els_account","apply_number" collate "C","id");--> statement-breakpoint
CREATE INDEX "supplier_access_buyer_list_idx" ON "supplier_access" USING btree ("els_account","apply_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "supplier_access_buyer_status_idx" ON "supplier_access" USING btree ("els_account","apply_status","apply_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "supplier_access_supplier_list_idx" ON "supplier_access" USING btree ("to_els_account","apply_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "supplier_access_supplier_status_idx" ON "supplier_access" USING btree ("to_els_account","apply_status","apply_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "supplier_access_item_document_idx" ON "supplier_access_item" USING btree ("document_id","line_number");--> statement-breakpoint
CREATE INDEX "supplier_change_buyer_idx" ON "supplier_change" USING btree ("els_account","create_date" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "supplier_change_supplier_idx" ON "supplier_change" USING btree ("to_els_account","create_date" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "supplier_change_master_idx" ON "supplier_change" USING btree ("supplier_master_id","apply_status");--> statement-breakpoint
CREATE UNIQUE INDEX "cert_reminder_sent_uq" ON "cert_reminder_sent" USING btree ("els_account","to_els_account","cert_type","expiry_date");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_status_change_number_uq" ON "supplier_status_change" USING btree ("els_account","request_number");--> statement-breakpoint
CREATE INDEX "supplier_status_change_list_idx" ON "supplier_status_change" USING btree ("els_account","create_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "supplier_status_change_supplier_idx" ON "supplier_status_change" USING btree ("els_account","to_els_account");--> statement-breakpoint
CREATE UNIQUE INDEX "fac_ins_number_uq" ON "fac_ins" USING btree ("els_account","fac_ins_number" collate "C");--> statement-breakpoint
CREATE INDEX "fac_ins_supplier_number_idx" ON "fac_ins" USING btree ("to_els_account","fac_ins_number" collate "C","id");--> statement-breakpoint
CREATE INDEX "fac_ins_buyer_list_idx" ON "fac_ins" USING btree ("els_account","inspection_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "fac_ins_buyer_status_idx" ON "fac_ins" USING btree ("els_account","fac_ins_status","inspection_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "fac_ins_supplier_list_idx" ON "fac_ins" USING btree ("to_els_account","inspection_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "fac_ins_supplier_status_idx" ON "fac_ins" USING btree ("to_els_account","fac_ins_status","inspection_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "fac_ins_item_document_idx" ON "fac_ins_item" USING btree ("document_id","line_number");--> statement-breakpoint
CREATE INDEX "fac_ins_rev_item_document_idx" ON "fac_ins_rev_item" USING btree ("document_id","line_number");--> statement-breakpoint
CREATE UNIQUE INDEX "fac_ins_template_number_uq" ON "fac_ins_template" USING btree ("els_account","template_number" collate "C");--> statement-breakpoint
CREATE INDEX "fac_ins_template_supplier_number_idx" ON "fac_ins_template" USING btree ("to_els_account","template_number" collate "C","id");--> statement-breakpoint
CREATE INDEX "fac_ins_template_buyer_list_idx" ON "fac_ins_template" USING btree ("els_account","template_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "fac_ins_template_buyer_status_idx" ON "fac_ins_template" USING btree ("els_account","template_status","template_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "fac_ins_template_supplier_list_idx" ON "fac_ins_template" USING btree ("to_els_account","template_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "fac_ins_template_supplier_status_idx" ON "fac_ins_template" USING btree ("to_els_account","template_status","template_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "sample_number_uq" ON "sample" USING btree ("els_account","sample_number" collate "C");--> statement-breakpoint
CREATE INDEX "sample_supplier_number_idx" ON "sample" USING btree ("to_els_account","sample_number" collate "C","id");--> statement-breakpoint
CREATE INDEX "sample_buyer_list_idx" ON "sample" USING btree ("els_account","required_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sample_buyer_status_idx" ON "sample" USING btree ("els_account","sample_status","required_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sample_supplier_list_idx" ON "sample" USING btree ("to_els_account","required_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sample_supplier_status_idx" ON "sample" USING btree ("to_els_account","sample_status","required_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sample_item_document_idx" ON "sample_item" USING btree ("document_id","line_number");--> statement-breakpoint
CREATE UNIQUE INDEX "sample_template_number_uq" ON "sample_template" USING btree ("els_account","sample_template_number" collate "C");--> statement-breakpoint
CREATE INDEX "sample_template_supplier_number_idx" ON "sample_template" USING btree ("to_els_account","sample_template_number" collate "C","id");--> statement-breakpoint
CREATE INDEX "sample_template_buyer_list_idx" ON "sample_template" USING btree ("els_account","template_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sample_template_buyer_status_idx" ON "sample_template" USING btree ("els_account","template_status","template_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sample_template_supplier_list_idx" ON "sample_template" USING btree ("to_els_account","template_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sample_template_supplier_status_idx" ON "sample_template" USING btree ("to_els_account","template_status","template_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sample_template_item_document_idx" ON "sample_template_item" USING btree ("document_id","line_number");--> statement-breakpoint
-- ==== HAND-WRITTEN (supplier-change, issue #16): keep when regenerating ====
-- Information-change menus for databases seeded before them (a fresh database gets them from the seed;
-- there the menu is still empty when migrations run and these inserts add nothing). Buyer: an entry in the
-- Master data group. Supplier: a "Company information" group after Financial coordination, with the entry.
INSERT INTO "menu" ("station", "els_account", "parent_id", "app_name", "app_name_en", "app_url", "app_code", "roles", "sort_order")
SELECT g."station", g."els_account", g."id", '信息变更', 'Information change', '/supplierdatamodify/#/v2/views', 'supplier-change', '[]'::jsonb, 100
FROM "menu" g
WHERE g."parent_id" IS NULL AND g."app_code" = 'masterdata' AND g."station" = 'purchase'
  AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."parent_id" = g."id" AND m."app_code" = 'supplier-change');--> statement-breakpoint
INSERT INTO "menu" ("station", "els_account", "parent_id", "app_name", "app_name_en", "app_url", "app_icon", "app_code", "roles", "sort_order")
SELECT o."station", o."els_account", NULL, '企业信息', 'Company information', '', 'AppstoreOutlined', 'company-info', '[]'::jsonb, o."sort_order" + 1
FROM "menu" o
WHERE o."parent_id" IS NULL AND o."app_code" = 'finance' AND o."station" = 'sale'
  AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."parent_id" IS NULL AND m."station" = o."station"
                  AND m."els_account" IS NOT DISTINCT FROM o."els_account" AND m."app_code" = 'company-info');--> statement-breakpoint
INSERT INTO "menu" ("station", "els_account", "parent_id", "app_name", "app_name_en", "app_url", "app_code", "roles", "sort_order")
SELECT g."station", g."els_account", g."id", '信息变更', 'Information change', '/supplierdatamodify/#/v2/views', 'supplier-change', '[]'::jsonb, 10
FROM "menu" g
WHERE g."parent_id" IS NULL AND g."app_code" = 'company-info' AND g."station" = 'sale'
  AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."parent_id" = g."id" AND m."app_code" = 'supplier-change');
-- ==== END HAND-WRITTEN ====
--> statement-breakpoint
-- ——— Hand-written (issue #16, helper `admission`): the "供应商准入 / Supplier admission" menu group for
-- databases seeded before it existed, after each station's Financial coordination group (a fresh database
-- gets it from the seed; there the menu is still empty when migrations run and these inserts add nothing).
INSERT INTO "menu" ("station", "els_account", "parent_id", "app_name", "app_name_en", "app_url", "app_icon", "app_code", "roles", "sort_order")
SELECT o."station", o."els_account", NULL, '供应商准入', 'Supplier admission', '', 'CheckSquareOutlined', 'admission', '[]'::jsonb, o."sort_order" + 1
FROM "menu" o
WHERE o."parent_id" IS NULL AND o."app_code" = 'finance' AND o."station" IN ('purchase', 'sale')
  AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."parent_id" IS NULL AND m."station" = o."station"
                  AND m."els_account" IS NOT DISTINCT FROM o."els_account" AND m."app_code" = 'admission');--> statement-breakpoint
INSERT INTO "menu" ("station", "els_account", "parent_id", "app_name", "app_name_en", "app_url", "app_code", "roles", "sort_order")
SELECT g."station", g."els_account", g."id", e.zh, e.en, e.url, e.code, e.roles::jsonb, e.sort
FROM "menu" g
JOIN (VALUES ('purchase', 'admission-requests', '准入申请', 'Admission requests', '/admission/#/v2/access/list', '[]', 10),
             ('purchase', 'admission-templates', '资质模板', 'Qualification templates', '/admission/#/v2/qualTemplate/list', '["admin"]', 20),
             ('sale', 'admission-requests', '我的准入申请', 'My admission requests', '/admission/#/v2/access/list', '[]', 10))
  AS e(station, code, zh, en, url, roles, sort) ON e.station = g."station"
WHERE g."parent_id" IS NULL AND g."app_code" = 'admission'
  AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."parent_id" = g."id" AND m."app_code" = e.code);
-- ——— end of hand-written SQL (issue #16, admission)
--> statement-breakpoint
-- ===== Hand-written (issue #16, branch inspection): the Supplier admission menu group with the factory
-- inspection and sample entries, for databases seeded before it existed, after each station's Financial
-- coordination group (a fresh database gets them from the seed; there the menu is still empty when
-- migrations run and these inserts add nothing).
INSERT INTO "menu" ("station", "els_account", "parent_id", "app_name", "app_name_en", "app_url", "app_icon", "app_code", "roles", "sort_order")
SELECT o."station", o."els_account", NULL, '供应商准入', 'Supplier admission', '', 'CheckSquareOutlined', 'admission', '[]'::jsonb, o."sort_order" + 1
FROM "menu" o
WHERE o."parent_id" IS NULL AND o."app_code" = 'finance' AND o."station" IN ('purchase', 'sale')
  AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."parent_id" IS NULL AND m."station" = o."station"
                  AND m."els_account" IS NOT DISTINCT FROM o."els_account" AND m."app_code" = 'admission');--> statement-breakpoint
INSERT INTO "menu" ("station", "els_account", "parent_id", "app_name", "app_name_en", "app_url", "app_code", "roles", "sort_order")
SELECT g."station", g."els_account", g."id", e.zh, e.en, e.url, e.code, '[]'::jsonb, e.sort
FROM "menu" g
JOIN (VALUES ('purchase', 'admission-inspections', '验厂管理', 'Factory inspections', '/admission/#/v2/inspectTable/list', 40),
             ('purchase', 'admission-samples', '样品管理', 'Samples', '/admission/#/v2/sample/list', 50),
             ('purchase', 'admission-inspection-templates', '验厂模板', 'Factory inspection templates', '/admission/#/v2/inspectTemplate/list', 60),
             ('purchase', 'admission-sample-templates', '样品模板', 'Sample templates', '/admission/#/v2/sampleTemplate/list', 70),
             ('sale', 'admission-inspections', '验厂管理', 'Factory inspections', '/admission/#/v2/inspectTable/list', 40),
             ('sale', 'admission-samples', '样品管理', 'Samples', '/admission/#/v2/sample/list', 50))
  AS e(station, code, zh, en, url, sort) ON e.station = g."station"
WHERE g."parent_id" IS NULL AND g."app_code" = 'admission'
  AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."parent_id" = g."id" AND m."app_code" = e.code);
-- ===== end of hand-written block
--> statement-breakpoint
-- ===== Hand-written (issue #16, supplier lifecycle) =====
-- "frozen" is no longer a stage: rows at stage 'frozen' become qualified + frozen (their previous stage is unknown).
UPDATE "supplier_master" SET "frozen" = true, "supplier_status" = 'qualified' WHERE "supplier_status" = 'frozen';--> statement-breakpoint
-- The Supplier lifecycle menu entry under the buyer's Master data group, for databases seeded before it existed.
INSERT INTO "menu" ("station", "els_account", "parent_id", "app_name", "app_name_en", "app_url", "app_code", "roles", "sort_order")
SELECT g."station", g."els_account", g."id", '供应商生命周期', 'Supplier lifecycle', '/masterdata/#/v2/supplier-lifecycle', 'supplier-lifecycle', '[]'::jsonb, 45
FROM "menu" g
WHERE g."parent_id" IS NULL AND g."app_code" = 'masterdata' AND g."station" = 'purchase'
  AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."parent_id" = g."id" AND m."app_code" = 'supplier-lifecycle');
-- ===== end hand-written =====
