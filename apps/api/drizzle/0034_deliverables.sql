CREATE TABLE "milestone_deliverables" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"milestone_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"file_id" uuid,
	"url" text,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "milestone_deliverables_kind_shape" CHECK (("milestone_deliverables"."kind" = 'file' and "milestone_deliverables"."file_id" is not null)
        or ("milestone_deliverables"."kind" = 'link' and "milestone_deliverables"."url" is not null and "milestone_deliverables"."file_id" is null)
        or ("milestone_deliverables"."kind" = 'note' and "milestone_deliverables"."note" <> '' and "milestone_deliverables"."file_id" is null and "milestone_deliverables"."url" is null))
);
--> statement-breakpoint
CREATE TABLE "milestone_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"milestone_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"comment" text,
	"actor_id" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "milestone_deliverables" ADD CONSTRAINT "milestone_deliverables_milestone_id_project_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."project_milestones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_deliverables" ADD CONSTRAINT "milestone_deliverables_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_deliverables" ADD CONSTRAINT "milestone_deliverables_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_deliverables" ADD CONSTRAINT "milestone_deliverables_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_events" ADD CONSTRAINT "milestone_events_milestone_id_project_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."project_milestones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_events" ADD CONSTRAINT "milestone_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "milestone_deliverables_milestone_idx" ON "milestone_deliverables" USING btree ("milestone_id","created_at");--> statement-breakpoint
CREATE INDEX "milestone_deliverables_project_files_idx" ON "milestone_deliverables" USING btree ("project_id","created_at","file_id") WHERE "milestone_deliverables"."file_id" is not null;--> statement-breakpoint
CREATE INDEX "milestone_deliverables_file_idx" ON "milestone_deliverables" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "milestone_events_milestone_idx" ON "milestone_events" USING btree ("milestone_id","created_at");