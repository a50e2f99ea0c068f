ALTER TABLE "licence_key_devices" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "licence_key_devices" ADD COLUMN "product_id" uuid;--> statement-breakpoint
-- The owner's Devices tab (issue 26) pages every device of an owner, or of one product, by an index:
-- each device carries its key's owner and product (a key never changes either). Existing devices
-- take them from their key; new ones from this BEFORE INSERT trigger, so no insert can forget them.
UPDATE "licence_key_devices" d SET "owner_id" = k."owner_id", "product_id" = k."product_id"
  FROM "licence_keys" k WHERE k."id" = d."key_id";--> statement-breakpoint
CREATE FUNCTION licence_key_devices_owner() RETURNS trigger AS $$
BEGIN
  SELECT owner_id, product_id INTO NEW.owner_id, NEW.product_id FROM licence_keys WHERE id = NEW.key_id;
  RETURN NEW;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER licence_key_devices_owner BEFORE INSERT ON licence_key_devices
  FOR EACH ROW EXECUTE FUNCTION licence_key_devices_owner();
--> statement-breakpoint
CREATE INDEX "licence_key_devices_owner_seen_idx" ON "licence_key_devices" USING btree ("owner_id","last_seen_at","id");--> statement-breakpoint
CREATE INDEX "licence_key_devices_product_seen_idx" ON "licence_key_devices" USING btree ("product_id","last_seen_at","id");
