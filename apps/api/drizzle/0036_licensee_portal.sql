CREATE TABLE "licensee_portals" (
	"owner_id" uuid PRIMARY KEY NOT NULL,
	"handle" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"display_name" text NOT NULL,
	"logo_file_id" uuid,
	"support_email" text,
	"support_url" text,
	"purchase_url" text,
	"allow_release" boolean DEFAULT true NOT NULL,
	"releases_per_30_days" integer DEFAULT 3 NOT NULL,
	"allow_certificates" boolean DEFAULT true NOT NULL,
	"mail_sender_name" text,
	"mail_subject" text,
	"mail_intro" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "licensee_portals_handle_unique" UNIQUE("handle")
);
--> statement-breakpoint
CREATE TABLE "portal_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"email" text,
	"key_id" uuid,
	"token_hash" text NOT NULL,
	"method" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"signed_out_at" timestamp with time zone,
	CONSTRAINT "portal_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "portal_sign_in_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"wrong_tries" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "key_events" ADD COLUMN "actor_kind" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "from_name" text;--> statement-breakpoint
ALTER TABLE "licensee_portals" ADD CONSTRAINT "licensee_portals_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licensee_portals" ADD CONSTRAINT "licensee_portals_logo_file_id_stored_files_id_fk" FOREIGN KEY ("logo_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_sessions" ADD CONSTRAINT "portal_sessions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_sessions" ADD CONSTRAINT "portal_sessions_key_id_licence_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."licence_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_sign_in_attempts" ADD CONSTRAINT "portal_sign_in_attempts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portal_sessions_owner_page_idx" ON "portal_sessions" USING btree ("owner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "portal_sessions_key_idx" ON "portal_sessions" USING btree ("key_id") WHERE "portal_sessions"."key_id" is not null;--> statement-breakpoint
CREATE INDEX "portal_sign_in_attempts_expires_idx" ON "portal_sign_in_attempts" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "key_events_licensee_release_idx" ON "key_events" USING btree ("key_id","created_at") WHERE "key_events"."actor_kind" = 'licensee' and "key_events"."action" = 'release';