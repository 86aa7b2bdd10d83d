-- The English names of the demo's approval steps (issue #33). 0069 gave steps an optional English name and
-- the demo seed names its steps in both languages since, but a database seeded before holds the demo
-- company's (100000) steps in Chinese only, so the English interface showed 部门经理审批. This fills the
-- English name of the seed's step names — in the configuration (audit_config.steps), in the chains running
-- flows matched at submit (audit_task.chain, which later steps' tasks are made from) and on the tasks made
-- (audit_task.step_name_en) — where it is absent or empty. An English name someone typed stays, and other
-- companies' steps (their own words) are left as they are: the English interface shows the Chinese name.
-- The seed's names and their English, once, as session-local functions of this migration.
CREATE FUNCTION pg_temp.srm_0070_step_en(name text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE name
    WHEN '部门经理审批' THEN 'Department manager approval'
    WHEN '采购经理审批' THEN 'Purchasing manager approval'
    WHEN '大额采购审批' THEN 'Large purchase approval' END
$$;
--> statement-breakpoint
-- A step list with the English name filled where it is empty and the step is one of the seed's.
CREATE FUNCTION pg_temp.srm_0070_steps_en(steps jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_agg(
           CASE
             WHEN COALESCE(step->>'nameEn', '') = '' AND pg_temp.srm_0070_step_en(step->>'name') IS NOT NULL
             THEN step || jsonb_build_object('nameEn', pg_temp.srm_0070_step_en(step->>'name'))
             ELSE step
           END ORDER BY ord)
    FROM jsonb_array_elements(steps) WITH ORDINALITY AS s(step, ord)
$$;
--> statement-breakpoint
UPDATE "audit_config"
SET "steps" = pg_temp.srm_0070_steps_en("steps"),
  "version" = "version" + 1
WHERE "els_account" = '100000'
  AND jsonb_typeof("steps") = 'array'
  AND "steps" <> pg_temp.srm_0070_steps_en("steps");
--> statement-breakpoint
UPDATE "audit_task"
SET "chain" = pg_temp.srm_0070_steps_en("chain")
WHERE "els_account" = '100000'
  AND jsonb_typeof("chain") = 'array'
  AND "chain" <> pg_temp.srm_0070_steps_en("chain");
--> statement-breakpoint
UPDATE "audit_task"
SET "step_name_en" = pg_temp.srm_0070_step_en("step_name")
WHERE "els_account" = '100000'
  AND COALESCE("step_name_en", '') = ''
  AND pg_temp.srm_0070_step_en("step_name") IS NOT NULL;
