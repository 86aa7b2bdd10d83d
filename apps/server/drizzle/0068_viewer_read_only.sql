-- The demo Viewer is read-only (issue #32). The start-up upgrade of issue #19 (company-admin/kind-actions.ts)
-- handed every purchase-order code to each role whose menu showed orders, so the seeded role 100000/viewer
-- (查询员, seeded with no actions and a menu list of home, personal center and purchase orders) could save,
-- send, close and delete orders. The upgrade now gives such a view-only role the view code alone; this takes
-- back from databases upgraded before the order codes it was handed: every order.* code but order.read.
-- Only the seeded Viewer is touched (its code and menu list are the seed's; what else it holds stays): the
-- faulty grants on a company's own roles cannot be told from an administrator's, so those are left as they
-- are (ARCHITECTURE.md, "Function permissions of document kinds"). A fresh database has no such role yet.
UPDATE "role"
SET "actions" = COALESCE(
    (SELECT jsonb_agg(code ORDER BY ord)
       FROM jsonb_array_elements_text("actions") WITH ORDINALITY AS held(code, ord)
      WHERE code NOT LIKE 'order.%' OR code = 'order.read'),
    '[]'::jsonb),
  "version" = "version" + 1
WHERE "els_account" = '100000'
  AND "role_code" = 'viewer'
  AND "menu_ids" IS NOT NULL
  AND EXISTS (SELECT 1 FROM jsonb_array_elements_text("actions") AS held(code)
               WHERE code LIKE 'order.%' AND code <> 'order.read');
