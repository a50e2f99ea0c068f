DROP INDEX "project_employees_employee_idx";--> statement-breakpoint
ALTER TABLE "project_employees" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "project_employees" ADD COLUMN "order_created_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "project_employees_employee_idx" ON "project_employees" USING btree ("employee_id","order_created_at","order_id","project_id");--> statement-breakpoint
-- ---- Hand-written (issue 17, decision 030); carry this block along if the migration is regenerated. ----
-- An assignment carries its project's order and the order's created_at, so a staff member's projects
-- and discussions walk project_employees_employee_idx newest order first. A row trigger fills them on
-- every insert (code and tests insert only project_id and employee_id); an order's time and a
-- project's order never change, so nothing else has to follow.
CREATE OR REPLACE FUNCTION project_employee_order_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT p.order_id, o.created_at INTO NEW.order_id, NEW.order_created_at
    FROM projects p JOIN project_orders o ON o.id = p.order_id
    WHERE p.id = NEW.project_id;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER project_employees_order_fill BEFORE INSERT OR UPDATE OF project_id ON project_employees
  FOR EACH ROW EXECUTE FUNCTION project_employee_order_fill();--> statement-breakpoint
UPDATE project_employees pe SET order_id = p.order_id, order_created_at = o.created_at
  FROM projects p JOIN project_orders o ON o.id = p.order_id
  WHERE p.id = pe.project_id;--> statement-breakpoint
ALTER TABLE "project_employees" ALTER COLUMN "order_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "project_employees" ALTER COLUMN "order_created_at" SET NOT NULL;
