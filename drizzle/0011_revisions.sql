CREATE TABLE "revision_files" (
	"revision_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	CONSTRAINT "revision_files_revision_id_file_id_pk" PRIMARY KEY("revision_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"record_type" text NOT NULL,
	"record_id" text NOT NULL,
	"number" integer NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"actor_id" text,
	"actor_email" text,
	"label" text NOT NULL,
	"state" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "retired" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "revision_files" ADD CONSTRAINT "revision_files_revision_id_revisions_id_fk" FOREIGN KEY ("revision_id") REFERENCES "public"."revisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revision_files" ADD CONSTRAINT "revision_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "revision_files_file_idx" ON "revision_files" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "revisions_record_number_idx" ON "revisions" USING btree ("record_type","record_id","number");--> statement-breakpoint
CREATE INDEX "revisions_kind_at_idx" ON "revisions" USING btree ("kind","at");