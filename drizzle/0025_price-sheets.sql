CREATE TABLE "price_sheets" (
	"site" varchar(64) PRIMARY KEY NOT NULL,
	"draft" jsonb NOT NULL,
	"saved_by" integer,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published" jsonb,
	"published_by" integer,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "price_sheets" ADD CONSTRAINT "price_sheets_saved_by_admins_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_sheets" ADD CONSTRAINT "price_sheets_published_by_admins_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;