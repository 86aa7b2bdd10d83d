-- The English names of the demo's approval steps (issue #33). 0069 gave steps an optional English name and
-- the demo seed names its steps in both languages since, but a database seeded before holds the demo
-- company's (100000) steps in Chinese only, so the English interface showed 部门经理审批. This fills the
-- English name of the seed's step names — in the configuration (audit_config.steps), in the chains running
-- flows matched at submit (audit_task.chain, which later steps' tasks are made from) and on the tasks made
-- (audit_task.step_name_en) — where it is absent or empty. An English name someone typed stays, and other
-- companies' steps (their own words) are left as they are: the English interface shows the Chinese name.
UPDATE "audit_config"
SET "steps" = (
    SELECT jsonb_agg(
             CASE
               WHEN COALESCE(step->>'nameEn', '') = ''
                AND step->>'name' IN ('部门经理审批', '采购经理审批', '大额采购审批')
               THEN step || jsonb_build_object('nameEn', CASE step->>'name'
                   WHEN '部门经理审批' THEN 'Department manager approval'
                   WHEN '采购经理审批' THEN 'Purchasing manager approval'
                   ELSE 'Large purchase approval' END)
               ELSE step
             END ORDER BY ord)
      FROM jsonb_array_elements("steps") WITH ORDINALITY AS s(step, ord)),
  "version" = "version" + 1
WHERE "els_account" = '100000'
  AND jsonb_typeof("steps") = 'array'
  AND EXISTS (SELECT 1 FROM jsonb_array_elements("steps") AS s(step)
               WHERE COALESCE(step->>'nameEn', '') = ''
                 AND step->>'name' IN ('部门经理审批', '采购经理审批', '大额采购审批'));
--> statement-breakpoint
UPDATE "audit_task"
SET "chain" = (
    SELECT jsonb_agg(
             CASE
               WHEN COALESCE(step->>'nameEn', '') = ''
                AND step->>'name' IN ('部门经理审批', '采购经理审批', '大额采购审批')
               THEN step || jsonb_build_object('nameEn', CASE step->>'name'
                   WHEN '部门经理审批' THEN 'Department manager approval'
                   WHEN '采购经理审批' THEN 'Purchasing manager approval'
                   ELSE 'Large purchase approval' END)
               ELSE step
             END ORDER BY ord)
      FROM jsonb_array_elements("chain") WITH ORDINALITY AS s(step, ord))
WHERE "els_account" = '100000'
  AND "chain" IS NOT NULL
  AND jsonb_typeof("chain") = 'array'
  AND EXISTS (SELECT 1 FROM jsonb_array_elements("chain") AS s(step)
               WHERE COALESCE(step->>'nameEn', '') = ''
                 AND step->>'name' IN ('部门经理审批', '采购经理审批', '大额采购审批'));
--> statement-breakpoint
UPDATE "audit_task"
SET "step_name_en" = CASE "step_name"
    WHEN '部门经理审批' THEN 'Department manager approval'
    WHEN '采购经理审批' THEN 'Purchasing manager approval'
    ELSE 'Large purchase approval' END
WHERE "els_account" = '100000'
  AND COALESCE("step_name_en", '') = ''
  AND "step_name" IN ('部门经理审批', '采购经理审批', '大额采购审批');
