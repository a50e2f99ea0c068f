ALTER TABLE "manager_api_keys" ADD COLUMN "simulation" text;--> statement-breakpoint
ALTER TABLE "manager_api_keys" ADD COLUMN "simulation_calls_per_minute" integer;--> statement-breakpoint
ALTER TABLE "manager_api_keys" ADD COLUMN "simulation_ends_at" timestamp with time zone;