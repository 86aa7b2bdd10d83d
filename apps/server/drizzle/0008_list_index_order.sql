DROP INDEX "audit_task_pending_idx";--> statement-breakpoint
DROP INDEX "audit_task_promoter_idx";--> statement-breakpoint
DROP INDEX "material_list_idx";--> statement-breakpoint
DROP INDEX "notice_account_idx";--> statement-breakpoint
DROP INDEX "sys_msg_receiver_idx";--> statement-breakpoint
DROP INDEX "sys_msg_unread_idx";--> statement-breakpoint
DROP INDEX "purchase_order_buyer_list_idx";--> statement-breakpoint
DROP INDEX "purchase_order_supplier_list_idx";--> statement-breakpoint
CREATE INDEX "audit_task_pending_idx" ON "audit_task" USING btree ("els_account","status","create_date" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_task_promoter_idx" ON "audit_task" USING btree ("els_account","promoter","create_date" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "material_list_idx" ON "material" USING btree ("els_account","create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notice_account_idx" ON "notice" USING btree ("els_account","create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sys_msg_receiver_idx" ON "sys_msg" USING btree ("els_account","els_sub_account","send_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sys_msg_unread_idx" ON "sys_msg" USING btree ("els_account","els_sub_account","send_time" DESC NULLS FIRST) WHERE read_flag = 'N';--> statement-breakpoint
CREATE INDEX "purchase_order_buyer_list_idx" ON "purchase_order" USING btree ("els_account","create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "purchase_order_supplier_list_idx" ON "purchase_order" USING btree ("to_els_account","send_status","send_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);