CREATE TABLE "key_request_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"operation" text NOT NULL,
	"key_id" uuid,
	"masked_key" text,
	"api_key_id" uuid NOT NULL,
	"product_id" uuid,
	"outcome" text NOT NULL,
	"status" smallint NOT NULL,
	"latency_ms" real NOT NULL,
	"ip" text,
	"user_agent" text,
	"country" text,
	"platform" text,
	"app_version" text
);
--> statement-breakpoint
CREATE TABLE "key_usage_devices" (
	"owner_id" uuid NOT NULL,
	"day" date NOT NULL,
	"device" text NOT NULL,
	"api_key_id" uuid NOT NULL,
	"product_id" uuid,
	"key_id" uuid,
	CONSTRAINT "key_usage_devices_cell" UNIQUE NULLS NOT DISTINCT("owner_id","day","device","api_key_id","product_id","key_id")
);
--> statement-breakpoint
CREATE TABLE "key_usage_hourly" (
	"owner_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"api_key_id" uuid NOT NULL,
	"operation" text NOT NULL,
	"outcome" text NOT NULL,
	"product_id" uuid,
	"key_id" uuid,
	"platform" text,
	"app_version" text,
	"n" bigint NOT NULL,
	CONSTRAINT "key_usage_hourly_cell" UNIQUE NULLS NOT DISTINCT("owner_id","hour","api_key_id","operation","outcome","product_id","key_id","platform","app_version")
);
--> statement-breakpoint
CREATE TABLE "key_usage_owners" (
	"owner_id" uuid PRIMARY KEY NOT NULL,
	"weekly_mail" boolean DEFAULT false NOT NULL,
	"weekly_mail_sent_for" date,
	"request_log_rows" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "key_request_log" ADD CONSTRAINT "key_request_log_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_usage_devices" ADD CONSTRAINT "key_usage_devices_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_usage_hourly" ADD CONSTRAINT "key_usage_hourly_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_usage_owners" ADD CONSTRAINT "key_usage_owners_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "key_request_log_owner_at_idx" ON "key_request_log" USING btree ("owner_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "key_request_log_owner_key_idx" ON "key_request_log" USING btree ("owner_id","key_id","at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "key_request_log"."key_id" is not null;--> statement-breakpoint
CREATE INDEX "key_request_log_at_idx" ON "key_request_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "key_usage_devices_day_idx" ON "key_usage_devices" USING btree ("day");--> statement-breakpoint
CREATE INDEX "key_usage_hourly_hour_idx" ON "key_usage_hourly" USING btree ("hour");