CREATE TABLE "licence_key_counters" (
	"owner_id" uuid PRIMARY KEY NOT NULL,
	"keys" integer DEFAULT 0 NOT NULL,
	"active_keys" integer DEFAULT 0 NOT NULL,
	"activations" bigint DEFAULT 0 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "licence_keys_owner_idx";--> statement-breakpoint
ALTER TABLE "licence_key_counters" ADD CONSTRAINT "licence_key_counters_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "licence_keys_owner_page_idx" ON "licence_keys" USING btree ("owner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "licence_keys_owner_active_page_idx" ON "licence_keys" USING btree ("owner_id","is_active","created_at","id");--> statement-breakpoint
CREATE INDEX "licence_keys_owner_at_limit_page_idx" ON "licence_keys" USING btree ("owner_id","created_at","id") WHERE "licence_keys"."max_activations" > 0 and "licence_keys"."current_activations" >= "licence_keys"."max_activations";--> statement-breakpoint
-- ---- Hand-written (issue 17, decision 025); carry this block along if the migration is regenerated. ----
-- Substring search of get-keys: trigram GIN indexes (pg_trgm ships with PostgreSQL; PGlite loads its
-- contrib build in db/client.ts). ILIKE '%…%' on key or name uses them from 3 characters on.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "licence_keys_key_trgm_idx" ON "licence_keys" USING gin ("key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "licence_keys_name_trgm_idx" ON "licence_keys" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
-- Per-owner counters, kept in the same transaction as every change to licence_keys by statement-level
-- triggers (one aggregate per statement, so a bulk load costs one counter update, not one per row).
-- A DELETE only updates an existing counters row: when a user is deleted, both tables cascade and the
-- counters row may already be gone.
CREATE OR REPLACE FUNCTION licence_key_counters_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO licence_key_counters AS c (owner_id, keys, active_keys, activations, version)
      SELECT owner_id, count(*), count(*) FILTER (WHERE is_active), coalesce(sum(current_activations), 0), 1
      FROM new_rows GROUP BY owner_id
    ON CONFLICT (owner_id) DO UPDATE SET
      keys = c.keys + excluded.keys,
      active_keys = c.active_keys + excluded.active_keys,
      activations = c.activations + excluded.activations,
      version = c.version + 1;
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE licence_key_counters AS c SET
      keys = c.keys + d.keys,
      active_keys = c.active_keys + d.active_keys,
      activations = c.activations + d.activations,
      version = c.version + 1
    FROM (
      SELECT owner_id, sum(k) AS keys, sum(a) AS active_keys, sum(n) AS activations FROM (
        SELECT owner_id, 1 AS k, is_active::int AS a, current_activations::bigint AS n FROM new_rows
        UNION ALL
        SELECT owner_id, -1, -(is_active::int), -(current_activations::bigint) FROM old_rows
      ) AS changes GROUP BY owner_id
    ) AS d
    WHERE c.owner_id = d.owner_id;
  ELSE
    UPDATE licence_key_counters AS c SET
      keys = c.keys - d.keys,
      active_keys = c.active_keys - d.active_keys,
      activations = c.activations - d.activations,
      version = c.version + 1
    FROM (
      SELECT owner_id, count(*) AS keys, count(*) FILTER (WHERE is_active) AS active_keys,
        coalesce(sum(current_activations), 0) AS activations
      FROM old_rows GROUP BY owner_id
    ) AS d
    WHERE c.owner_id = d.owner_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER licence_key_counters_insert AFTER INSERT ON licence_keys
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION licence_key_counters_apply();--> statement-breakpoint
CREATE TRIGGER licence_key_counters_update AFTER UPDATE ON licence_keys
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION licence_key_counters_apply();--> statement-breakpoint
CREATE TRIGGER licence_key_counters_delete AFTER DELETE ON licence_keys
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION licence_key_counters_apply();--> statement-breakpoint
-- Counters of the keys that exist already.
INSERT INTO licence_key_counters (owner_id, keys, active_keys, activations, version)
  SELECT owner_id, count(*), count(*) FILTER (WHERE is_active), coalesce(sum(current_activations), 0), 1
  FROM licence_keys GROUP BY owner_id
ON CONFLICT (owner_id) DO NOTHING;
