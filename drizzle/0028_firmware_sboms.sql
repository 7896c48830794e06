ALTER TABLE "firmware_releases" ADD COLUMN "sbom_file_id" uuid;--> statement-breakpoint
ALTER TABLE "firmware_releases" ADD COLUMN "sbom_format" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "firmware_releases" ADD CONSTRAINT "firmware_releases_sbom_file_id_files_id_fk" FOREIGN KEY ("sbom_file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_releases" ADD CONSTRAINT "firmware_releases_sbom_check" CHECK (("firmware_releases"."sbom_file_id" is null) = ("firmware_releases"."sbom_format" = ''));