CREATE TABLE "deployment" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
