DROP INDEX "purchase_order_number_uq";--> statement-breakpoint
DROP INDEX "purchase_order_buyer_list_idx";--> statement-breakpoint
DROP INDEX "purchase_order_status_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_order_number_uq" ON "purchase_order" USING btree ("els_account","order_number" collate "C");--> statement-breakpoint
CREATE INDEX "purchase_order_buyer_list_idx" ON "purchase_order" USING btree ("els_account","order_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "purchase_order_status_idx" ON "purchase_order" USING btree ("els_account","order_status","order_date" DESC NULLS FIRST,"create_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);