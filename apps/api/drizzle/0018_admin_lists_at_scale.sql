CREATE TABLE "table_stats" (
	"name" text PRIMARY KEY NOT NULL,
	"rows" bigint DEFAULT 0 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "projects_created_page_idx" ON "projects" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "projects_status_created_page_idx" ON "projects" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "users_type_created_page_idx" ON "users" USING btree ("user_type","created_at","id");--> statement-breakpoint
CREATE INDEX "users_type_name_page_idx" ON "users" USING btree ("user_type","first_name","last_name","id");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
-- ---- Hand-written (issue 17, decision 026); carry this block along if the migration is regenerated. ----
-- Substring search of the admin lists: trigram GIN indexes (pg_trgm ships with PostgreSQL; PGlite loads
-- its contrib build in db/client.ts). ILIKE '%…%' uses them from 3 characters on.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_full_name_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "projects_name_trgm_idx" ON "projects" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
-- table_stats: every statement that changes a tracked table bumps its version and adds its row delta,
-- in the same transaction (statement-level triggers with transition tables: one upsert per statement,
-- not per row). projects and users also keep per-group counts (projects by status, active users by type).
CREATE OR REPLACE FUNCTION table_stats_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint := 0;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO delta FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT -count(*) INTO delta FROM old_rows;
  END IF;
  INSERT INTO table_stats AS s (name, rows, version) VALUES (TG_TABLE_NAME, delta, 1)
  ON CONFLICT (name) DO UPDATE SET rows = s.rows + excluded.rows, version = s.version + 1;
  IF TG_TABLE_NAME = 'projects' THEN
    IF TG_OP <> 'DELETE' THEN
      INSERT INTO table_stats AS s (name, rows)
        SELECT 'projects:' || status, count(*) FROM new_rows GROUP BY status
      ON CONFLICT (name) DO UPDATE SET rows = s.rows + excluded.rows;
    END IF;
    IF TG_OP <> 'INSERT' THEN
      INSERT INTO table_stats AS s (name, rows)
        SELECT 'projects:' || status, -count(*) FROM old_rows GROUP BY status
      ON CONFLICT (name) DO UPDATE SET rows = s.rows + excluded.rows;
    END IF;
  ELSIF TG_TABLE_NAME = 'users' THEN
    IF TG_OP <> 'DELETE' THEN
      INSERT INTO table_stats AS s (name, rows)
        SELECT 'users:' || user_type, count(*) FROM new_rows WHERE NOT disabled GROUP BY user_type
      ON CONFLICT (name) DO UPDATE SET rows = s.rows + excluded.rows;
    END IF;
    IF TG_OP <> 'INSERT' THEN
      INSERT INTO table_stats AS s (name, rows)
        SELECT 'users:' || user_type, -count(*) FROM old_rows WHERE NOT disabled GROUP BY user_type
      ON CONFLICT (name) DO UPDATE SET rows = s.rows + excluded.rows;
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_stats_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION table_stats_track();--> statement-breakpoint
CREATE TRIGGER users_stats_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION table_stats_track();--> statement-breakpoint
CREATE TRIGGER users_stats_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION table_stats_track();--> statement-breakpoint
CREATE TRIGGER project_orders_stats_insert AFTER INSERT ON project_orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION table_stats_track();--> statement-breakpoint
CREATE TRIGGER project_orders_stats_update AFTER UPDATE ON project_orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION table_stats_track();--> statement-breakpoint
CREATE TRIGGER project_orders_stats_delete AFTER DELETE ON project_orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION table_stats_track();--> statement-breakpoint
CREATE TRIGGER projects_stats_insert AFTER INSERT ON projects
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION table_stats_track();--> statement-breakpoint
CREATE TRIGGER projects_stats_update AFTER UPDATE ON projects
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION table_stats_track();--> statement-breakpoint
CREATE TRIGGER projects_stats_delete AFTER DELETE ON projects
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION table_stats_track();--> statement-breakpoint
CREATE TRIGGER project_employees_stats_insert AFTER INSERT ON project_employees
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION table_stats_track();--> statement-breakpoint
CREATE TRIGGER project_employees_stats_update AFTER UPDATE ON project_employees
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION table_stats_track();--> statement-breakpoint
CREATE TRIGGER project_employees_stats_delete AFTER DELETE ON project_employees
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION table_stats_track();--> statement-breakpoint
CREATE TRIGGER project_activities_stats_insert AFTER INSERT ON project_activities
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION table_stats_track();--> statement-breakpoint
CREATE TRIGGER project_activities_stats_update AFTER UPDATE ON project_activities
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION table_stats_track();--> statement-breakpoint
CREATE TRIGGER project_activities_stats_delete AFTER DELETE ON project_activities
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION table_stats_track();--> statement-breakpoint
-- The stats of the rows that exist already.
INSERT INTO table_stats (name, rows, version)
  SELECT 'users', count(*), 1 FROM users
  UNION ALL SELECT 'project_orders', count(*), 1 FROM project_orders
  UNION ALL SELECT 'projects', count(*), 1 FROM projects
  UNION ALL SELECT 'project_employees', count(*), 1 FROM project_employees
  UNION ALL SELECT 'project_activities', count(*), 1 FROM project_activities
  UNION ALL SELECT 'projects:' || status, count(*), 0 FROM projects GROUP BY status
  UNION ALL SELECT 'users:' || user_type, count(*), 0 FROM users WHERE NOT disabled GROUP BY user_type
ON CONFLICT (name) DO NOTHING;
