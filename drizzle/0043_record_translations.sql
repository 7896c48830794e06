-- A product's texts in the site's other languages: by language, by field, each with a digest of the
-- English text it translates (docs/decisions/094).
ALTER TABLE "products" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;
