ALTER TABLE "categories" ADD COLUMN "slug" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "slug" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- A readable address made of a record's name or model: letters and digits in lower case, accents
-- dropped (NFKD, then the combining marks go), anything else one hyphen, at most 80 characters.
CREATE OR REPLACE FUNCTION "slug_base"(source text) RETURNS text LANGUAGE sql AS $$
  SELECT trim(both '-' from left(trim(both '-' from regexp_replace(
    lower(regexp_replace(normalize(source, NFKD), '[\u0300-\u036f]', '', 'g')), '[^a-z0-9]+', '-', 'g')), 80))
$$;--> statement-breakpoint
-- Fills an empty slug when a row is made, however it is made (a form, an import, a restore): the
-- column TG_ARGV[0] made into a slug (TG_ARGV[1] when nothing of it is left), with "-2", "-3"… when
-- that is taken. A row-level BEFORE trigger sees the rows its statement made before, so a batch of
-- rows never picks one twice; two transactions picking the same at once meet the unique index.
CREATE OR REPLACE FUNCTION "assign_slug"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  base text;
  candidate text;
  n integer := 1;
  taken boolean;
BEGIN
  IF NEW.slug <> '' THEN
    RETURN NEW;
  END IF;
  base := coalesce(nullif(slug_base(to_jsonb(NEW) ->> TG_ARGV[0]), ''), TG_ARGV[1]);
  candidate := base;
  LOOP
    EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I WHERE slug = $1)', TG_TABLE_NAME) INTO taken USING candidate;
    EXIT WHEN NOT taken;
    n := n + 1;
    candidate := base || '-' || n;
  END LOOP;
  NEW.slug := candidate;
  RETURN NEW;
END
$$;--> statement-breakpoint
-- The records there are: by their model or name, the first made keeping the plain one when two come
-- out the same (punctuation apart), the others told apart by their id.
WITH based AS (
  SELECT id, coalesce(nullif(slug_base(model), ''), 'product') AS base,
         row_number() OVER (PARTITION BY coalesce(nullif(slug_base(model), ''), 'product') ORDER BY created_at, id) AS n
    FROM "products"
)
UPDATE "products" AS p
   SET slug = CASE WHEN b.n = 1 THEN b.base ELSE b.base || '-' || left(replace(p.id::text, '-', ''), 8) END
  FROM based AS b WHERE b.id = p.id;--> statement-breakpoint
WITH based AS (
  SELECT id, coalesce(nullif(slug_base(name), ''), 'category') AS base,
         row_number() OVER (PARTITION BY coalesce(nullif(slug_base(name), ''), 'category') ORDER BY created_at, id) AS n
    FROM "categories"
)
UPDATE "categories" AS c
   SET slug = CASE WHEN b.n = 1 THEN b.base ELSE b.base || '-' || left(replace(c.id::text, '-', ''), 8) END
  FROM based AS b WHERE b.id = c.id;--> statement-breakpoint
CREATE TRIGGER "products_assign_slug" BEFORE INSERT ON "products"
  FOR EACH ROW EXECUTE FUNCTION assign_slug('model', 'product');--> statement-breakpoint
CREATE TRIGGER "categories_assign_slug" BEFORE INSERT ON "categories"
  FOR EACH ROW EXECUTE FUNCTION assign_slug('name', 'category');--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_idx" ON "categories" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "products_slug_idx" ON "products" USING btree ("slug");
