-- The public catalog is read from a snapshot in each server's memory (app/server/catalog-snapshot.server.ts),
-- which compares these counters with the ones it was built at. A product's features, pictures, downloads and
-- accessories are part of its page, and a category's features part of the category's: a change to any of
-- them, however made, moves the same counter as a change to the product or the category itself.
DO $$
DECLARE
  part record;
BEGIN
  FOR part IN
    SELECT * FROM (VALUES
      ('product_features', 'bump_products_version'),
      ('product_images', 'bump_products_version'),
      ('product_downloads', 'bump_products_version'),
      ('product_accessories', 'bump_products_version'),
      ('category_features', 'bump_categories_version')
    ) AS parts (table_name, bump)
  LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH STATEMENT EXECUTE FUNCTION %I()',
      part.table_name || '_version_on_change', part.table_name, part.bump);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION %I()',
      part.table_name || '_version_on_truncate', part.table_name, part.bump);
  END LOOP;
END
$$;
