ALTER TABLE "downloads" ADD COLUMN "kind" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_downloads" ADD COLUMN "kind" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "downloads" ADD CONSTRAINT "downloads_kind_check" CHECK ("downloads"."kind" in ('datasheet', 'manual', 'ae-specification', 'cad', 'certificate', 'declaration', 'sbom', 'software', 'other'));--> statement-breakpoint
ALTER TABLE "product_downloads" ADD CONSTRAINT "product_downloads_kind_check" CHECK ("product_downloads"."kind" in ('datasheet', 'manual', 'ae-specification', 'cad', 'certificate', 'declaration', 'sbom', 'software', 'other'));--> statement-breakpoint
-- What the files there were are, as their descriptions and names say (the same hints as guessDownloadKind
-- in app/domain/download-kinds.ts); an owner corrects any in the dashboard.
CREATE FUNCTION pg_temp.guessed_download_kind(words text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN words ~* '(\msbom\M|cyclonedx|\mspdx\M)' THEN 'sbom'
    WHEN words ~* '(declaration of conformity|\mdoc\M|\m(eu|ce|ukca)[ -]?declaration)' THEN 'declaration'
    WHEN words ~* 'certificat' THEN 'certificate'
    WHEN words ~* '(\ma ?& ?e\M|architect|engineering spec)' THEN 'ae-specification'
    WHEN words ~* '(\m(cad|bim|revit|dwg|dxf|step|ifc)\M|\.(dwg|dxf|rvt|rfa|ifc|stp|step)$)' THEN 'cad'
    WHEN words ~* 'data ?sheet' THEN 'datasheet'
    WHEN words ~* '(manual|guide|handbook|instruction|quick[ _-]?start)' THEN 'manual'
    WHEN words ~* '(software|\mtool\M|client|viewer|utility|plug-?in|\.(exe|msi|dmg|pkg|apk|zip)$)' THEN 'software'
    ELSE 'other'
  END
$$;--> statement-breakpoint
UPDATE "downloads" SET "kind" = pg_temp.guessed_download_kind("downloads"."description" || ' ' || "files"."original_name")
  FROM "files" WHERE "files"."id" = "downloads"."file_id";--> statement-breakpoint
UPDATE "product_downloads" SET "kind" = pg_temp.guessed_download_kind("product_downloads"."description" || ' ' || "files"."original_name")
  FROM "files" WHERE "files"."id" = "product_downloads"."file_id";
