-- Row-level security (issue #6): defence in depth under the tenant filters of every repository.
-- Inside withTenant() the acting company is set per transaction (app.els_account); a query that
-- forgets its tenant filter then still sees only that company's rows (and, for announcements, the
-- ones addressed to it). Outside a tenant context (login, seeding, the outbox dispatcher) the
-- setting is empty and the policies let rows through. Inserts are not restricted (WITH CHECK true):
-- a buyer's transaction writes messages for suppliers.
ALTER TABLE "sys_msg" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "sys_msg" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "sys_msg" USING (nullif(current_setting('app.els_account', true), '') IS NULL OR els_account = current_setting('app.els_account', true)) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "notice" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "notice" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "notice" USING (nullif(current_setting('app.els_account', true), '') IS NULL OR els_account = current_setting('app.els_account', true) OR EXISTS (SELECT 1 FROM notice_receiver r WHERE r.notice_id = notice.id AND r.to_els_account = current_setting('app.els_account', true))) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "notice_receiver" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "notice_receiver" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "notice_receiver" USING (nullif(current_setting('app.els_account', true), '') IS NULL OR els_account = current_setting('app.els_account', true) OR to_els_account = current_setting('app.els_account', true)) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "personal_table_config" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "personal_table_config" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "personal_table_config" USING (nullif(current_setting('app.els_account', true), '') IS NULL OR els_account = current_setting('app.els_account', true)) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "attachment" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "attachment" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "attachment" USING (nullif(current_setting('app.els_account', true), '') IS NULL OR els_account = current_setting('app.els_account', true)) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "hazardous_substance" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "hazardous_substance" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "hazardous_substance" USING (nullif(current_setting('app.els_account', true), '') IS NULL OR els_account = current_setting('app.els_account', true) OR to_els_account = current_setting('app.els_account', true)) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "invite_code" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "invite_code" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "invite_code" USING (nullif(current_setting('app.els_account', true), '') IS NULL OR els_account = current_setting('app.els_account', true)) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "audit_trail" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "audit_trail" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "audit_trail" USING (nullif(current_setting('app.els_account', true), '') IS NULL OR els_account = current_setting('app.els_account', true)) WITH CHECK (true);
