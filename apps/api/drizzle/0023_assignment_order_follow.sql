-- ---- Hand-written (review of issue 17, decision 030); carry this block along if the migration is regenerated. ----
-- 0022 copies each assignment's order id and order time next to it on insert, on the claim that
-- neither ever changes. No route changes them, but an operator's correction (an order's created_at,
-- a project moved to another order) left the copies stale: a staff member's lists then sorted by the
-- old time (a cursor skipping or repeating rows), listed the room under the old order, or — with the
-- old order deleted — lost the assignment from every list. These two row triggers keep the copies in
-- step; each touches only the changed order's or project's assignments (through projects_order_idx
-- and the project_employees primary key), and only when the value really changed.
CREATE OR REPLACE FUNCTION project_order_time_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE project_employees pe SET order_created_at = NEW.created_at
    WHERE pe.project_id IN (SELECT p.id FROM projects p WHERE p.order_id = NEW.id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER project_orders_time_follow AFTER UPDATE OF created_at ON project_orders
  FOR EACH ROW WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION project_order_time_follow();--> statement-breakpoint
CREATE OR REPLACE FUNCTION project_order_move_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE project_employees pe SET order_id = o.id, order_created_at = o.created_at
    FROM project_orders o
    WHERE o.id = NEW.order_id AND pe.project_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER projects_order_follow AFTER UPDATE OF order_id ON projects
  FOR EACH ROW WHEN (OLD.order_id IS DISTINCT FROM NEW.order_id)
  EXECUTE FUNCTION project_order_move_follow();
