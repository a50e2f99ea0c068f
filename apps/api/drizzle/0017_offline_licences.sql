CREATE TABLE "licence_signing_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"public_key" text NOT NULL,
	"private_key_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rotated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "licence_keys" ADD COLUMN "entitlements" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "licence_signing_keys" ADD CONSTRAINT "licence_signing_keys_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "licence_signing_keys_owner_idx" ON "licence_signing_keys" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "licence_signing_keys_current_idx" ON "licence_signing_keys" USING btree ("owner_id") WHERE "licence_signing_keys"."rotated_at" is null;