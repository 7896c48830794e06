-- Trigram indexes make the case-insensitive substring search (lower(column) LIKE '%term%') fast.
CREATE INDEX IF NOT EXISTS "products_model_trgm_idx" ON "products" USING gin (lower("model") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_description_trgm_idx" ON "products" USING gin (lower("description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_specs_trgm_idx" ON "products" USING gin (lower(coalesce("specs", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_specs_table_trgm_idx" ON "products" USING gin (lower(coalesce("specs_table"::text, '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "categories_name_trgm_idx" ON "categories" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "categories_description_trgm_idx" ON "categories" USING gin (lower("description") gin_trgm_ops);
