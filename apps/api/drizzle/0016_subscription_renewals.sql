CREATE TABLE "renewal_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"attempt" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "renewal_attempts_payment_id_unique" UNIQUE("payment_id")
);
--> statement-breakpoint
CREATE TABLE "subscription_renewals" (
	"subscription_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"card_last4" text DEFAULT '' NOT NULL,
	"card_expiry" text DEFAULT '' NOT NULL,
	"declines_renewals" boolean DEFAULT false NOT NULL,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"past_due_since" timestamp with time zone,
	"next_attempt_at" timestamp with time zone,
	"last_error" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plan_subscriptions" ADD COLUMN "cancel_at_period_end" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_subscriptions" ADD COLUMN "grace_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "renewal_attempts" ADD CONSTRAINT "renewal_attempts_subscription_id_plan_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."plan_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_attempts" ADD CONSTRAINT "renewal_attempts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_renewals" ADD CONSTRAINT "subscription_renewals_subscription_id_plan_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."plan_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_renewals" ADD CONSTRAINT "subscription_renewals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "renewal_attempts_once_idx" ON "renewal_attempts" USING btree ("subscription_id","period_end","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_renewals_stripe_subscription_idx" ON "subscription_renewals" USING btree ("stripe_subscription_id");--> statement-breakpoint
CREATE INDEX "subscription_renewals_user_idx" ON "subscription_renewals" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "subscription_renewals_past_due_idx" ON "subscription_renewals" USING btree ("past_due_since","subscription_id") WHERE "subscription_renewals"."status" = 'past_due';