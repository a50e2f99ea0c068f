CREATE TABLE "plan_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"current_period_end" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saas_plan_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"item" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saas_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"slug" text,
	"name" text NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"term" text DEFAULT 'm' NOT NULL,
	"is_recurring" boolean DEFAULT true NOT NULL,
	"is_free" boolean DEFAULT false NOT NULL,
	"has_api" boolean DEFAULT true NOT NULL,
	"calls_per_minute" integer DEFAULT 10 NOT NULL,
	"max_keys_allowed" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saas_plans_calls_per_minute_min" CHECK ("saas_plans"."calls_per_minute" >= 10),
	CONSTRAINT "saas_plans_max_keys_nonneg" CHECK ("saas_plans"."max_keys_allowed" >= 0),
	CONSTRAINT "saas_plans_price_nonneg" CHECK ("saas_plans"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "saas_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saas_products_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "business_agents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_agents_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "business_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	CONSTRAINT "business_types_type_unique" UNIQUE("type")
);
--> statement-breakpoint
CREATE TABLE "businesses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"type_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "real_estate_properties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"bedrooms" integer,
	"bathrooms" integer,
	"garages" integer,
	"floors" integer,
	"units" integer,
	"year_built" integer,
	"zoning" text,
	"area" double precision NOT NULL,
	"price_cents" bigint NOT NULL,
	"address" text NOT NULL,
	"country_code" text NOT NULL,
	"state_code" text DEFAULT '' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"description" text DEFAULT '' NOT NULL,
	"thumbnail_file_id" uuid,
	"agent_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "real_estate_property_images" (
	"property_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "real_estate_property_images_property_id_file_id_pk" PRIMARY KEY("property_id","file_id"),
	CONSTRAINT "real_estate_property_images_file_id_unique" UNIQUE("file_id")
);
--> statement-breakpoint
CREATE TABLE "key_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"key_id" uuid NOT NULL,
	"action" text NOT NULL,
	"delta" integer DEFAULT 0 NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "licence_key_devices" (
	"key_id" uuid NOT NULL,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "licence_key_devices_key_id_fingerprint_pk" PRIMARY KEY("key_id","fingerprint")
);
--> statement-breakpoint
CREATE TABLE "licence_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"key" text NOT NULL,
	"name" text,
	"note" text,
	"max_activations" integer DEFAULT 0 NOT NULL,
	"current_activations" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "licence_keys_key_unique" UNIQUE("key"),
	CONSTRAINT "licence_keys_current_nonneg" CHECK ("licence_keys"."current_activations" >= 0),
	CONSTRAINT "licence_keys_max_nonneg" CHECK ("licence_keys"."max_activations" >= 0)
);
--> statement-breakpoint
CREATE TABLE "manager_api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"last_four" text NOT NULL,
	"requests_made" bigint DEFAULT 0 NOT NULL,
	"last_used" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "manager_api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
ALTER TABLE "plan_subscriptions" ADD CONSTRAINT "plan_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_subscriptions" ADD CONSTRAINT "plan_subscriptions_product_id_saas_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."saas_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_subscriptions" ADD CONSTRAINT "plan_subscriptions_plan_id_saas_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."saas_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saas_plan_items" ADD CONSTRAINT "saas_plan_items_plan_id_saas_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."saas_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saas_plans" ADD CONSTRAINT "saas_plans_product_id_saas_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."saas_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_agents" ADD CONSTRAINT "business_agents_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_agents" ADD CONSTRAINT "business_agents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_type_id_business_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."business_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "real_estate_properties" ADD CONSTRAINT "real_estate_properties_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "real_estate_properties" ADD CONSTRAINT "real_estate_properties_thumbnail_file_id_stored_files_id_fk" FOREIGN KEY ("thumbnail_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "real_estate_properties" ADD CONSTRAINT "real_estate_properties_agent_id_business_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."business_agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "real_estate_property_images" ADD CONSTRAINT "real_estate_property_images_property_id_real_estate_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."real_estate_properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "real_estate_property_images" ADD CONSTRAINT "real_estate_property_images_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_events" ADD CONSTRAINT "key_events_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_key_devices" ADD CONSTRAINT "licence_key_devices_key_id_licence_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."licence_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_keys" ADD CONSTRAINT "licence_keys_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manager_api_keys" ADD CONSTRAINT "manager_api_keys_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_subscriptions_user_idx" ON "plan_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_subscriptions_one_active_idx" ON "plan_subscriptions" USING btree ("user_id","product_id") WHERE "plan_subscriptions"."status" = 'active';--> statement-breakpoint
CREATE INDEX "saas_plan_items_plan_idx" ON "saas_plan_items" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "saas_plans_product_idx" ON "saas_plans" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saas_plans_product_slug_idx" ON "saas_plans" USING btree ("product_id","slug");--> statement-breakpoint
CREATE INDEX "business_agents_business_idx" ON "business_agents" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "businesses_owner_idx" ON "businesses" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "real_estate_properties_business_kind_idx" ON "real_estate_properties" USING btree ("business_id","kind");--> statement-breakpoint
CREATE INDEX "real_estate_properties_agent_idx" ON "real_estate_properties" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "real_estate_properties_thumbnail_idx" ON "real_estate_properties" USING btree ("thumbnail_file_id");--> statement-breakpoint
CREATE INDEX "key_events_owner_time_idx" ON "key_events" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "key_events_key_idx" ON "key_events" USING btree ("key_id");--> statement-breakpoint
CREATE INDEX "licence_keys_owner_idx" ON "licence_keys" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "manager_api_keys_owner_idx" ON "manager_api_keys" USING btree ("owner_id");