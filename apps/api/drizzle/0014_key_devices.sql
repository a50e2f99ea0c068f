CREATE TABLE "key_device_policies" (
	"owner_id" uuid PRIMARY KEY NOT NULL,
	"lease_seconds" integer DEFAULT 0 NOT NULL,
	"transfers_per_30_days" integer DEFAULT 0 NOT NULL,
	"transfer_idle_seconds" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "licence_key_devices" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "licence_key_devices" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "licence_key_devices" ADD COLUMN "platform" text;--> statement-breakpoint
ALTER TABLE "licence_key_devices" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "licence_key_devices" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "licence_key_devices" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "licence_keys" ADD COLUMN "lease_seconds" integer;--> statement-breakpoint
ALTER TABLE "licence_keys" ADD COLUMN "transfers_per_30_days" integer;--> statement-breakpoint
ALTER TABLE "licence_keys" ADD COLUMN "transfer_idle_seconds" integer;--> statement-breakpoint
ALTER TABLE "key_device_policies" ADD CONSTRAINT "key_device_policies_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "licence_key_devices_key_seen_idx" ON "licence_key_devices" USING btree ("key_id","last_seen_at");--> statement-breakpoint
CREATE INDEX "licence_key_devices_seen_idx" ON "licence_key_devices" USING btree ("last_seen_at");--> statement-breakpoint
ALTER TABLE "licence_key_devices" ADD CONSTRAINT "licence_key_devices_id_unique" UNIQUE("id");--> statement-breakpoint
-- Hand-written (issue 14 item 2): devices recorded before this migration were last seen when first seen.
UPDATE "licence_key_devices" SET "last_seen_at" = "created_at";
