CREATE TABLE "product_replacements" (
	"product_id" uuid NOT NULL,
	"replacement_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "product_replacements_product_id_replacement_id_pk" PRIMARY KEY("product_id","replacement_id"),
	CONSTRAINT "product_replacements_other" CHECK ("product_replacements"."product_id" <> "product_replacements"."replacement_id")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "lifecycle" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "end_of_sale_on" date;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "discontinued_on" date;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "firmware_until" date;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "repairs_until" date;--> statement-breakpoint
ALTER TABLE "product_replacements" ADD CONSTRAINT "product_replacements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_replacements" ADD CONSTRAINT "product_replacements_replacement_id_products_id_fk" FOREIGN KEY ("replacement_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_replacements_replacement_idx" ON "product_replacements" USING btree ("replacement_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_lifecycle_check" CHECK ("products"."lifecycle" in ('active', 'end-of-sale', 'discontinued'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_lifecycle_days_check" CHECK (("products"."lifecycle" <> 'end-of-sale' or "products"."end_of_sale_on" is not null)
        and ("products"."lifecycle" <> 'discontinued' or "products"."discontinued_on" is not null));--> statement-breakpoint
-- A product's replacements are part of its page: a change to them touches it, and the replacement
-- (whose page may come to name the products it replaces).
DO $$
DECLARE
  part record;
BEGIN
  FOR part IN
    SELECT * FROM (VALUES
      ('product_replacements', 'product', ARRAY['product_id', 'replacement_id'])
    ) AS parts (table_name, kind, id_columns)
  LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION note_catalog_changes(%L, %s)',
      part.table_name || '_noted_on_insert', part.table_name, part.kind,
      (SELECT string_agg(quote_literal(c), ', ') FROM unnest(part.id_columns) AS c));
    EXECUTE format(
      'CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION note_catalog_changes(%L, %s)',
      part.table_name || '_noted_on_update', part.table_name, part.kind,
      (SELECT string_agg(quote_literal(c), ', ') FROM unnest(part.id_columns) AS c));
    EXECUTE format(
      'CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION note_catalog_changes(%L, %s)',
      part.table_name || '_noted_on_delete', part.table_name, part.kind,
      (SELECT string_agg(quote_literal(c), ', ') FROM unnest(part.id_columns) AS c));
    EXECUTE format(
      'CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION note_catalog_emptied()',
      part.table_name || '_noted_on_truncate', part.table_name);
  END LOOP;
END
$$;
