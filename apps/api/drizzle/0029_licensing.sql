CREATE TABLE "key_trials" (
	"product_id" uuid NOT NULL,
	"fingerprint" text NOT NULL,
	"email" text,
	"key_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "key_trials_product_id_fingerprint_pk" PRIMARY KEY("product_id","fingerprint")
);
--> statement-breakpoint
CREATE TABLE "key_licensing_settings" (
	"owner_id" uuid PRIMARY KEY NOT NULL,
	"expiring_notice_days" integer DEFAULT 7 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "key_policies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'standard' NOT NULL,
	"max_activations" integer DEFAULT 0 NOT NULL,
	"duration" text,
	"clock_starts" text DEFAULT 'issue' NOT NULL,
	"expiry_behaviour" text DEFAULT 'refuse' NOT NULL,
	"grace_days" integer DEFAULT 0 NOT NULL,
	"lease_seconds" integer,
	"transfers_per_30_days" integer,
	"transfer_idle_seconds" integer,
	"entitlements" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "key_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Every key belongs to a product: existing keys go to their owner's default product (created here).
ALTER TABLE "licence_keys" ADD COLUMN "product_id" uuid;--> statement-breakpoint
ALTER TABLE "licence_keys" ADD COLUMN "policy_id" uuid;--> statement-breakpoint
ALTER TABLE "licence_keys" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "licence_keys" ADD COLUMN "duration" text;--> statement-breakpoint
ALTER TABLE "licence_keys" ADD COLUMN "expiry_behaviour" text DEFAULT 'refuse' NOT NULL;--> statement-breakpoint
ALTER TABLE "licence_keys" ADD COLUMN "grace_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "licence_keys" ADD COLUMN "suspended" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "licence_keys" ADD COLUMN "trial" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "licence_keys" ADD COLUMN "metadata" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "licence_keys" ADD COLUMN "customer_name" text;--> statement-breakpoint
ALTER TABLE "licence_keys" ADD COLUMN "customer_email" text;--> statement-breakpoint
ALTER TABLE "licence_keys" ADD COLUMN "customer_ref" text;--> statement-breakpoint
ALTER TABLE "licence_keys" ADD COLUMN "expiring_notice_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "licence_keys" ADD COLUMN "expired_notice_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "manager_api_keys" ADD COLUMN "product_id" uuid;--> statement-breakpoint
ALTER TABLE "key_trials" ADD CONSTRAINT "key_trials_product_id_key_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."key_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_licensing_settings" ADD CONSTRAINT "key_licensing_settings_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_policies" ADD CONSTRAINT "key_policies_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_policies" ADD CONSTRAINT "key_policies_product_id_key_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."key_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_products" ADD CONSTRAINT "key_products_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "key_trials_product_email_idx" ON "key_trials" USING btree ("product_id","email") WHERE "key_trials"."email" is not null;--> statement-breakpoint
CREATE INDEX "key_policies_product_page_idx" ON "key_policies" USING btree ("owner_id","product_id","created_at","id");--> statement-breakpoint
CREATE INDEX "key_policies_owner_page_idx" ON "key_policies" USING btree ("owner_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "key_policies_one_trial_idx" ON "key_policies" USING btree ("product_id") WHERE "key_policies"."kind" = 'trial';--> statement-breakpoint
CREATE UNIQUE INDEX "key_products_owner_code_idx" ON "key_products" USING btree ("owner_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "key_products_owner_default_idx" ON "key_products" USING btree ("owner_id") WHERE "key_products"."is_default";--> statement-breakpoint
CREATE INDEX "key_products_owner_page_idx" ON "key_products" USING btree ("owner_id","created_at","id");--> statement-breakpoint
INSERT INTO "key_products" ("owner_id", "code", "name", "is_default")
  SELECT DISTINCT "owner_id", 'default', 'Default product', true FROM "licence_keys";--> statement-breakpoint
UPDATE "licence_keys" k SET "product_id" = p."id" FROM "key_products" p WHERE p."owner_id" = k."owner_id" AND p."is_default";--> statement-breakpoint
ALTER TABLE "licence_keys" ALTER COLUMN "product_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "licence_keys" ADD CONSTRAINT "licence_keys_product_id_key_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."key_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_keys" ADD CONSTRAINT "licence_keys_policy_id_key_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."key_policies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manager_api_keys" ADD CONSTRAINT "manager_api_keys_product_id_key_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."key_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "licence_keys_owner_product_page_idx" ON "licence_keys" USING btree ("owner_id","product_id","created_at","id");--> statement-breakpoint
CREATE INDEX "licence_keys_owner_customer_email_idx" ON "licence_keys" USING btree ("owner_id","customer_email") WHERE "licence_keys"."customer_email" is not null;--> statement-breakpoint
CREATE INDEX "licence_keys_owner_customer_ref_idx" ON "licence_keys" USING btree ("owner_id","customer_ref") WHERE "licence_keys"."customer_ref" is not null;--> statement-breakpoint
CREATE INDEX "licence_keys_expires_idx" ON "licence_keys" USING btree ("expires_at") WHERE "licence_keys"."expires_at" is not null;--> statement-breakpoint
-- A key inserted without a product (seeds, bulk loads, older code paths) goes to its owner's default
-- product, made here on first need. Cheap when a product is given: one test of a null.
CREATE FUNCTION licence_keys_default_product() RETURNS trigger AS $$
BEGIN
  IF NEW.product_id IS NULL THEN
    INSERT INTO key_products (owner_id, code, name, is_default)
      VALUES (NEW.owner_id, 'default', 'Default product', true) ON CONFLICT DO NOTHING;
    SELECT id INTO NEW.product_id FROM key_products WHERE owner_id = NEW.owner_id AND is_default;
  END IF;
  RETURN NEW;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER licence_keys_default_product BEFORE INSERT ON licence_keys
  FOR EACH ROW EXECUTE FUNCTION licence_keys_default_product();
--> statement-breakpoint
DROP INDEX "key_events_key_idx";--> statement-breakpoint
CREATE INDEX "key_events_key_time_idx" ON "key_events" USING btree ("key_id","created_at","id");
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "product" text;
--> statement-breakpoint
-- get-keys' substring search also finds keys by their licensee (pg_trgm, created in 0013).
CREATE INDEX IF NOT EXISTS "licence_keys_customer_name_trgm_idx" ON "licence_keys" USING gin ("customer_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "licence_keys_customer_email_trgm_idx" ON "licence_keys" USING gin ("customer_email" gin_trgm_ops);
