DROP INDEX "crm_leads_created_at_idx";--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "employee_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "crm_leads_created_page_idx" ON "crm_leads" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "crm_leads_intent_created_page_idx" ON "crm_leads" USING btree ("intent","created_at","id");--> statement-breakpoint
CREATE INDEX "cs_chats_inbox_page_idx" ON "cs_chats" USING btree ("last_message_at","id") WHERE "cs_chats"."last_message_at" is not null;--> statement-breakpoint
CREATE INDEX "newsletter_confirmed_page_idx" ON "newsletter_subscriptions" USING btree ("confirmed_at","id") WHERE "newsletter_subscriptions"."status" = 'confirmed';--> statement-breakpoint
CREATE INDEX "project_orders_created_page_idx" ON "project_orders" USING btree ("created_at","id");--> statement-breakpoint
-- ---- Hand-written (issue 17, decision 026); carry this block along if the migration is regenerated. ----
-- Substring search of the remaining admin lists on trigram GIN indexes (pg_trgm was created in 0018).
CREATE INDEX IF NOT EXISTS "crm_leads_search_trgm_idx" ON "crm_leads" USING gin (("name" || ' ' || "email" || ' ' || "company") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "newsletter_email_trgm_idx" ON "newsletter_subscriptions" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "cs_chats_email_trgm_idx" ON "cs_chats" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "project_orders_name_trgm_idx" ON "project_orders" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
-- projects.employee_count follows project_employees (one UPDATE per statement, per project touched), so the
-- "needs employees" count below is a function of a projects row alone, cascades and bulk SQL included.
CREATE OR REPLACE FUNCTION project_employee_count_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE projects p SET employee_count = p.employee_count + d.n
      FROM (SELECT project_id, count(*) AS n FROM new_rows GROUP BY project_id) d WHERE p.id = d.project_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE projects p SET employee_count = p.employee_count - d.n
      FROM (SELECT project_id, count(*) AS n FROM old_rows GROUP BY project_id) d WHERE p.id = d.project_id;
  ELSE
    UPDATE projects p SET employee_count = p.employee_count + d.n
      FROM (
        SELECT project_id, sum(n) AS n FROM (
          SELECT project_id, 1 AS n FROM new_rows UNION ALL SELECT project_id, -1 FROM old_rows
        ) c GROUP BY project_id HAVING sum(n) <> 0
      ) d WHERE p.id = d.project_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The existing counts first (the table_stats function below does not know the "needs" groups yet).
UPDATE projects p SET employee_count = c.n
  FROM (SELECT project_id, count(*) AS n FROM project_employees GROUP BY project_id) c
  WHERE p.id = c.project_id AND p.employee_count <> c.n;--> statement-breakpoint
CREATE TRIGGER project_employees_count_insert AFTER INSERT ON project_employees
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION project_employee_count_track();--> statement-breakpoint
CREATE TRIGGER project_employees_count_update AFTER UPDATE ON project_employees
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION project_employee_count_track();--> statement-breakpoint
CREATE TRIGGER project_employees_count_delete AFTER DELETE ON project_employees
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION project_employee_count_track();--> statement-breakpoint
-- table_stats_track (0018) grows: projects also keep the dashboard's three "needs" counts (approved or later
-- and without a duration / a payment link / staff), newsletter_subscriptions counts per status, and a
-- cs_chats UPDATE that changes nothing the inbox shows (a visitor's poll or heartbeat) bumps nothing.
CREATE OR REPLACE FUNCTION table_stats_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint := 0;
BEGIN
  -- Nested: one IF expression is planned whole, and old_rows exists only for UPDATE and DELETE.
  IF TG_TABLE_NAME = 'cs_chats' AND TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (
      SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.email, n.last_message_at, n.staff_seen_at) IS DISTINCT FROM (o.email, o.last_message_at, o.staff_seen_at)
    ) THEN
      RETURN NULL;
    END IF;
  END IF;
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
        SELECT g.name, count(*) FROM new_rows n CROSS JOIN LATERAL (VALUES
          ('projects:' || n.status),
          (CASE WHEN n.status <> 'waiting for approval' AND n.start_date IS NULL THEN 'projects:need-duration' END),
          (CASE WHEN n.status <> 'waiting for approval' AND n.payment_link IS NULL THEN 'projects:need-payment-link' END),
          (CASE WHEN n.status <> 'waiting for approval' AND n.employee_count = 0 THEN 'projects:need-employees' END)
        ) AS g(name) WHERE g.name IS NOT NULL GROUP BY g.name
      ON CONFLICT (name) DO UPDATE SET rows = s.rows + excluded.rows;
    END IF;
    IF TG_OP <> 'INSERT' THEN
      INSERT INTO table_stats AS s (name, rows)
        SELECT g.name, -count(*) FROM old_rows o CROSS JOIN LATERAL (VALUES
          ('projects:' || o.status),
          (CASE WHEN o.status <> 'waiting for approval' AND o.start_date IS NULL THEN 'projects:need-duration' END),
          (CASE WHEN o.status <> 'waiting for approval' AND o.payment_link IS NULL THEN 'projects:need-payment-link' END),
          (CASE WHEN o.status <> 'waiting for approval' AND o.employee_count = 0 THEN 'projects:need-employees' END)
        ) AS g(name) WHERE g.name IS NOT NULL GROUP BY g.name
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
  ELSIF TG_TABLE_NAME = 'newsletter_subscriptions' THEN
    IF TG_OP <> 'DELETE' THEN
      INSERT INTO table_stats AS s (name, rows)
        SELECT 'newsletter_subscriptions:' || status, count(*) FROM new_rows GROUP BY status
      ON CONFLICT (name) DO UPDATE SET rows = s.rows + excluded.rows;
    END IF;
    IF TG_OP <> 'INSERT' THEN
      INSERT INTO table_stats AS s (name, rows)
        SELECT 'newsletter_subscriptions:' || status, -count(*) FROM old_rows GROUP BY status
      ON CONFLICT (name) DO UPDATE SET rows = s.rows + excluded.rows;
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER crm_leads_stats_insert AFTER INSERT ON crm_leads
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION table_stats_track();--> statement-breakpoint
CREATE TRIGGER crm_leads_stats_update AFTER UPDATE ON crm_leads
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION table_stats_track();--> statement-breakpoint
CREATE TRIGGER crm_leads_stats_delete AFTER DELETE ON crm_leads
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION table_stats_track();--> statement-breakpoint
CREATE TRIGGER newsletter_subscriptions_stats_insert AFTER INSERT ON newsletter_subscriptions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION table_stats_track();--> statement-breakpoint
CREATE TRIGGER newsletter_subscriptions_stats_update AFTER UPDATE ON newsletter_subscriptions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION table_stats_track();--> statement-breakpoint
CREATE TRIGGER newsletter_subscriptions_stats_delete AFTER DELETE ON newsletter_subscriptions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION table_stats_track();--> statement-breakpoint
CREATE TRIGGER cs_chats_stats_insert AFTER INSERT ON cs_chats
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION table_stats_track();--> statement-breakpoint
CREATE TRIGGER cs_chats_stats_update AFTER UPDATE ON cs_chats
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION table_stats_track();--> statement-breakpoint
CREATE TRIGGER cs_chats_stats_delete AFTER DELETE ON cs_chats
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION table_stats_track();--> statement-breakpoint
-- cs_messages too: a message changes the inbox (last message, unread) even when its chat's
-- last_message_at does not move (two messages in the same microsecond). Inserts only, one upsert each.
CREATE TRIGGER cs_messages_stats_insert AFTER INSERT ON cs_messages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION table_stats_track();--> statement-breakpoint
CREATE TRIGGER cs_messages_stats_delete AFTER DELETE ON cs_messages
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION table_stats_track();--> statement-breakpoint
-- The stats of the rows that exist already ("needs" counts recomputed from scratch).
DELETE FROM table_stats WHERE name IN ('projects:need-duration', 'projects:need-payment-link', 'projects:need-employees');--> statement-breakpoint
INSERT INTO table_stats (name, rows, version)
  SELECT 'crm_leads', count(*), 1 FROM crm_leads
  UNION ALL SELECT 'newsletter_subscriptions', count(*), 1 FROM newsletter_subscriptions
  UNION ALL SELECT 'cs_chats', count(*), 1 FROM cs_chats
  UNION ALL SELECT 'cs_messages', count(*), 1 FROM cs_messages
  UNION ALL SELECT 'newsletter_subscriptions:' || status, count(*), 0 FROM newsletter_subscriptions GROUP BY status
  UNION ALL SELECT 'projects:need-duration', count(*), 0 FROM projects
    WHERE status <> 'waiting for approval' AND start_date IS NULL
  UNION ALL SELECT 'projects:need-payment-link', count(*), 0 FROM projects
    WHERE status <> 'waiting for approval' AND payment_link IS NULL
  UNION ALL SELECT 'projects:need-employees', count(*), 0 FROM projects
    WHERE status <> 'waiting for approval' AND employee_count = 0
ON CONFLICT (name) DO NOTHING;
