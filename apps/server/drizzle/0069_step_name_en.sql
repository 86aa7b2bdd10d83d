-- Approval step names in both languages (issue #33). The configured steps (audit_config.steps, JSON) carry
-- an optional `nameEn` beside the Chinese `name`; each task keeps its step's English name beside step_name
-- as configured at creation. Older tasks have none (null): screens and messages show the Chinese name.
ALTER TABLE "audit_task" ADD COLUMN "step_name_en" text;
