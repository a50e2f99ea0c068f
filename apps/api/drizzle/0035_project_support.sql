ALTER TABLE "saas_products" ADD COLUMN "project_id" uuid;--> statement-breakpoint
ALTER TABLE "saas_products" ADD CONSTRAINT "saas_products_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saas_products" ADD CONSTRAINT "saas_products_project_id_unique" UNIQUE("project_id");