CREATE TABLE "cs_agents" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cs_chats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone,
	"visitor_seen_at" timestamp with time zone,
	"staff_seen_at" timestamp with time zone,
	"visitor_active_at" timestamp with time zone,
	"last_offline_mail_at" timestamp with time zone,
	CONSTRAINT "cs_chats_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "cs_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cs_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"chat_id" uuid NOT NULL,
	"session_id" uuid,
	"sender" text NOT NULL,
	"staff_user_id" uuid,
	"body" text DEFAULT '' NOT NULL,
	"media_file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cs_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chat_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "cs_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "cs_agents" ADD CONSTRAINT "cs_agents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cs_messages" ADD CONSTRAINT "cs_messages_chat_id_cs_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."cs_chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cs_messages" ADD CONSTRAINT "cs_messages_session_id_cs_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."cs_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cs_messages" ADD CONSTRAINT "cs_messages_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cs_messages" ADD CONSTRAINT "cs_messages_media_file_id_stored_files_id_fk" FOREIGN KEY ("media_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cs_sessions" ADD CONSTRAINT "cs_sessions_chat_id_cs_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."cs_chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cs_messages_chat_idx" ON "cs_messages" USING btree ("chat_id","id");--> statement-breakpoint
CREATE INDEX "cs_sessions_chat_idx" ON "cs_sessions" USING btree ("chat_id");