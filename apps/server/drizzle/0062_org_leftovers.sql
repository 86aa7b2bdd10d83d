-- Issue #19: the cost-structure templates have function permissions of their own (costTemplate.read /
-- costTemplate.edit, granted on start-up to every role holding enquiry.save: company-admin/kind-actions.ts
-- COMPANION_ACTIONS) and a page of their own in the buyer's Sourcing menu. For databases seeded before: the
-- menu entry, and roles that list menu entries and open the RFQ list get the new entry as well.
INSERT INTO "menu" ("station", "els_account", "parent_id", "app_name", "app_name_en", "app_url", "app_code", "roles", "group_paths", "query", "keep_alive", "sort_order")
SELECT g."station", NULL, g."id", '成本模板', 'Cost templates', '/rfq/#/v2/costTemplates', 'cost-templates', '[]'::jsonb, '[]'::jsonb, '{}'::jsonb, true, 30
FROM "menu" g
WHERE g."app_code" = 'sourcing' AND g."station" = 'purchase' AND g."els_account" IS NULL AND g."parent_id" IS NULL
  AND NOT EXISTS (SELECT 1 FROM "menu" c WHERE c."parent_id" = g."id" AND c."app_code" = 'cost-templates');
--> statement-breakpoint
UPDATE "role" r SET "menu_ids" = r."menu_ids" || jsonb_build_array(c."id"::text)
FROM "menu" c
JOIN "menu" e ON e."parent_id" = c."parent_id" AND e."app_code" = 'enquiries'
WHERE c."app_code" = 'cost-templates' AND c."els_account" IS NULL
  AND r."menu_ids" IS NOT NULL
  AND r."menu_ids" @> jsonb_build_array(e."id"::text)
  AND NOT r."menu_ids" @> jsonb_build_array(c."id"::text);
--> statement-breakpoint
-- Issue #19: approval steps' organisation conditions become per item ({ purchaseOrg: [...], factory: [...] },
-- codes of the organisation masters). A step saved before with a plain list is converted when every code is
-- a purchase organisation or factory record of the company (each code goes to the items that hold it);
-- otherwise it stays a plain list, still matched as before (any of the document's organisations), and the
-- configuration page asks the admin to pick the organisations again. Running approvals keep their chains.
UPDATE "audit_config" c SET "steps" = (
  SELECT jsonb_agg(
    CASE WHEN jsonb_typeof(e.s -> 'organisations') = 'array' AND NOT EXISTS (
        SELECT 1 FROM jsonb_array_elements_text(e.s -> 'organisations') AS x(code)
        WHERE NOT EXISTS (SELECT 1 FROM "org_unit" u WHERE u."els_account" = c."els_account"
          AND u."unit_type" IN ('purchaseOrganization', 'factory') AND u."code" = x.code))
    THEN (e.s - 'organisations') || jsonb_build_object('organisations', jsonb_strip_nulls(jsonb_build_object(
      'purchaseOrg', (SELECT jsonb_agg(x.code) FROM jsonb_array_elements_text(e.s -> 'organisations') AS x(code)
        WHERE EXISTS (SELECT 1 FROM "org_unit" u WHERE u."els_account" = c."els_account"
          AND u."unit_type" = 'purchaseOrganization' AND u."code" = x.code)),
      'factory', (SELECT jsonb_agg(x.code) FROM jsonb_array_elements_text(e.s -> 'organisations') AS x(code)
        WHERE EXISTS (SELECT 1 FROM "org_unit" u WHERE u."els_account" = c."els_account"
          AND u."unit_type" = 'factory' AND u."code" = x.code)))))
    ELSE e.s END ORDER BY e.ord)
  FROM jsonb_array_elements(c."steps") WITH ORDINALITY AS e(s, ord))
WHERE EXISTS (SELECT 1 FROM jsonb_array_elements(c."steps") AS x(s) WHERE jsonb_typeof(x.s -> 'organisations') = 'array');
