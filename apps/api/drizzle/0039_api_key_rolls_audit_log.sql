ALTER TABLE "manager_api_keys" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "manager_api_keys" ADD COLUMN "replaced_by" uuid;--> statement-breakpoint
ALTER TABLE "manager_api_keys" ADD COLUMN "expiring_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_audit_events" ADD COLUMN "area" text DEFAULT 'account' NOT NULL;--> statement-breakpoint
ALTER TABLE "account_audit_events" ADD COLUMN "before" jsonb;--> statement-breakpoint
ALTER TABLE "account_audit_events" ADD COLUMN "after" jsonb;--> statement-breakpoint
CREATE INDEX "manager_api_keys_rolled_idx" ON "manager_api_keys" USING btree ("expires_at") WHERE "manager_api_keys"."expires_at" is not null and "manager_api_keys"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "account_audit_events_key_manager_idx" ON "account_audit_events" USING btree ("account_id","created_at","id") WHERE "account_audit_events"."area" <> 'account';--> statement-breakpoint
CREATE INDEX "account_audit_events_created_idx" ON "account_audit_events" USING btree ("created_at");