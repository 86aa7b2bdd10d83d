-- hand-written: issue #19 approval conditions — a step may apply only to some document types, material
-- categories and organisations. The chain a submission matched (its steps, with their index in the
-- configuration) and the document's values it was matched with are kept on its tasks, so a change of the
-- configuration applies to new submissions only. Tasks created before this migration have neither and go
-- on reading the configuration as before.
ALTER TABLE "audit_task" ADD COLUMN "chain" jsonb;
--> statement-breakpoint
ALTER TABLE "audit_task" ADD COLUMN "condition_values" jsonb;
