CREATE TABLE "mail_notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"topic" text NOT NULL,
	"recipient" text NOT NULL,
	"line" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "mail_notices_digest_idx" ON "mail_notices" USING btree ("kind","topic","recipient","id");