DROP INDEX "businesses_owner_idx";--> statement-breakpoint
CREATE INDEX "businesses_owner_idx" ON "businesses" USING btree ("owner_id","created_at","id");