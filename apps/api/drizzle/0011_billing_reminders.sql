CREATE TABLE "billing_reminders" (
	"subscription_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_reminders_subscription_id_kind_period_end_pk" PRIMARY KEY("subscription_id","kind","period_end")
);
--> statement-breakpoint
ALTER TABLE "billing_reminders" ADD CONSTRAINT "billing_reminders_subscription_id_plan_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."plan_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_subscriptions_active_period_end_idx" ON "plan_subscriptions" USING btree ("current_period_end") WHERE "plan_subscriptions"."status" = 'active';