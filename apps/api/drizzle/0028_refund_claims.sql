CREATE TABLE "refund_claims" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"claim_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"claimed_by" text NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refund_claims" ADD CONSTRAINT "refund_claims_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;