-- Custom SQL migration file, put your code below! ---- Reference data: the business types a client can register (spec §3 Business type). Idempotent.
INSERT INTO "business_types" ("type") VALUES ('RealEstate') ON CONFLICT ("type") DO NOTHING;
