CREATE TABLE "project_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_employees" (
	"project_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	CONSTRAINT "project_employees_project_id_employee_id_pk" PRIMARY KEY("project_id","employee_id")
);
--> statement-breakpoint
CREATE TABLE "project_order_files" (
	"order_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "project_order_files_order_id_file_id_pk" PRIMARY KEY("order_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "project_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"proposal_link" text,
	"designs_link" text,
	"design_templates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type_id" integer NOT NULL,
	"status" text DEFAULT 'waiting for approval' NOT NULL,
	"start_date" date,
	"end_date" date,
	"frontend_progress" integer,
	"backend_progress" integer,
	"database_progress" integer,
	"total_payment_cents" integer,
	"recurring_payment_cents" integer,
	"term" text,
	"payment_information" text,
	"payment_link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project_activities" ADD CONSTRAINT "project_activities_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_employees" ADD CONSTRAINT "project_employees_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_employees" ADD CONSTRAINT "project_employees_employee_id_users_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_order_files" ADD CONSTRAINT "project_order_files_order_id_project_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."project_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_order_files" ADD CONSTRAINT "project_order_files_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_orders" ADD CONSTRAINT "project_orders_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_order_id_project_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."project_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_activities_project_idx" ON "project_activities" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "project_employees_employee_idx" ON "project_employees" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "project_order_files_file_idx" ON "project_order_files" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "project_orders_client_idx" ON "project_orders" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "projects_order_idx" ON "projects" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "projects_status_idx" ON "projects" USING btree ("status");