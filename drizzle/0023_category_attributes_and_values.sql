CREATE TABLE "category_attributes" (
	"category_id" uuid NOT NULL,
	"attribute_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"filter" boolean DEFAULT false NOT NULL,
	CONSTRAINT "category_attributes_category_id_attribute_id_pk" PRIMARY KEY("category_id","attribute_id")
);
--> statement-breakpoint
CREATE TABLE "product_spec_values" (
	"product_id" uuid NOT NULL,
	"attribute_id" uuid NOT NULL,
	"value" jsonb NOT NULL,
	CONSTRAINT "product_spec_values_product_id_attribute_id_pk" PRIMARY KEY("product_id","attribute_id")
);
--> statement-breakpoint
ALTER TABLE "category_attributes" ADD CONSTRAINT "category_attributes_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_attributes" ADD CONSTRAINT "category_attributes_attribute_id_spec_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."spec_attributes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_spec_values" ADD CONSTRAINT "product_spec_values_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_spec_values" ADD CONSTRAINT "product_spec_values_attribute_id_spec_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."spec_attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "category_attributes_attribute_idx" ON "category_attributes" USING btree ("attribute_id");--> statement-breakpoint
CREATE INDEX "product_spec_values_attribute_idx" ON "product_spec_values" USING btree ("attribute_id");--> statement-breakpoint
-- The in-memory catalog follows these as it follows features (drizzle/0018_catalog_changes.sql): a
-- category's attributes touch the category, a product's values the product.
DO $$
DECLARE
  part record;
BEGIN
  FOR part IN
    SELECT * FROM (VALUES
      ('category_attributes', 'category', 'category_id'),
      ('product_spec_values', 'product', 'product_id')
    ) AS parts (table_name, kind, id_column)
  LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION note_catalog_changes(%L, %L)',
      part.table_name || '_noted_on_insert', part.table_name, part.kind, part.id_column);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION note_catalog_changes(%L, %L)',
      part.table_name || '_noted_on_update', part.table_name, part.kind, part.id_column);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION note_catalog_changes(%L, %L)',
      part.table_name || '_noted_on_delete', part.table_name, part.kind, part.id_column);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION note_catalog_emptied()',
      part.table_name || '_noted_on_truncate', part.table_name);
  END LOOP;
END
$$;--> statement-breakpoint
-- An attribute's name, unit or values show on the pages of every category that has it: a change to
-- one touches those categories (a category's page and its products' are then made again from it).
CREATE OR REPLACE FUNCTION "note_catalog_attributes_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "catalog_changes" ("version", "kind", "record_id")
    SELECT catalog_change_version(), 'category', ca.category_id
      FROM "category_attributes" AS ca JOIN new_rows ON new_rows.id = ca.attribute_id
    ON CONFLICT DO NOTHING;
  IF FOUND THEN
    PERFORM pg_notify('vantage_versions', 'categories');
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "spec_attributes_noted_on_update" AFTER UPDATE ON "spec_attributes"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION note_catalog_attributes_changed();
