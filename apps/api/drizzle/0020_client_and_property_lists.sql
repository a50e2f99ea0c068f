DROP INDEX "receipts_user_idx";--> statement-breakpoint
DROP INDEX "business_agents_business_idx";--> statement-breakpoint
DROP INDEX "real_estate_properties_business_kind_idx";--> statement-breakpoint
DROP INDEX "real_estate_properties_agent_idx";--> statement-breakpoint
DROP INDEX "project_orders_client_idx";--> statement-breakpoint
CREATE INDEX "real_estate_properties_business_status_idx" ON "real_estate_properties" USING btree ("business_id","kind","status_id");--> statement-breakpoint
CREATE INDEX "real_estate_properties_business_country_idx" ON "real_estate_properties" USING btree ("business_id","kind","country_code");--> statement-breakpoint
CREATE INDEX "receipts_user_idx" ON "receipts" USING btree ("user_id","issued_at","id");--> statement-breakpoint
CREATE INDEX "business_agents_business_idx" ON "business_agents" USING btree ("business_id","created_at","id");--> statement-breakpoint
CREATE INDEX "real_estate_properties_business_kind_idx" ON "real_estate_properties" USING btree ("business_id","kind","created_at","id");--> statement-breakpoint
CREATE INDEX "real_estate_properties_agent_idx" ON "real_estate_properties" USING btree ("agent_id","kind","created_at","id");--> statement-breakpoint
CREATE INDEX "project_orders_client_idx" ON "project_orders" USING btree ("client_id","created_at","id");--> statement-breakpoint
-- ---- Hand-written (issue 17, decision 030); carry this block along if the migration is regenerated. ----
-- Substring search of a business's listings by address (pg_trgm, created in 0018).
CREATE INDEX IF NOT EXISTS "real_estate_properties_address_trgm_idx" ON "real_estate_properties" USING gin ("address" gin_trgm_ops);--> statement-breakpoint
-- Change versions (table_stats, decision 026) of the tables behind the polled client lists: agents
-- (business_agents), payment history (receipts, and payments for refunded amounts).
CREATE TRIGGER business_agents_stats_insert AFTER INSERT ON business_agents
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION table_stats_track();--> statement-breakpoint
CREATE TRIGGER business_agents_stats_update AFTER UPDATE ON business_agents
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION table_stats_track();--> statement-breakpoint
CREATE TRIGGER business_agents_stats_delete AFTER DELETE ON business_agents
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION table_stats_track();--> statement-breakpoint
CREATE TRIGGER receipts_stats_insert AFTER INSERT ON receipts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION table_stats_track();--> statement-breakpoint
CREATE TRIGGER receipts_stats_update AFTER UPDATE ON receipts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION table_stats_track();--> statement-breakpoint
CREATE TRIGGER receipts_stats_delete AFTER DELETE ON receipts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION table_stats_track();--> statement-breakpoint
CREATE TRIGGER payments_stats_insert AFTER INSERT ON payments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION table_stats_track();--> statement-breakpoint
CREATE TRIGGER payments_stats_update AFTER UPDATE ON payments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION table_stats_track();--> statement-breakpoint
CREATE TRIGGER payments_stats_delete AFTER DELETE ON payments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION table_stats_track();--> statement-breakpoint
INSERT INTO table_stats (name, rows, version)
  SELECT 'business_agents', count(*), 1 FROM business_agents
  UNION ALL SELECT 'receipts', count(*), 1 FROM receipts
  UNION ALL SELECT 'payments', count(*), 1 FROM payments
ON CONFLICT (name) DO NOTHING;
