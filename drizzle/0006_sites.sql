CREATE TABLE "admin_sites" (
	"admin_id" integer NOT NULL,
	"site" varchar(64) NOT NULL,
	CONSTRAINT "admin_sites_admin_id_site_pk" PRIMARY KEY("admin_id","site")
);
--> statement-breakpoint
CREATE TABLE "site_handoffs" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"admin_id" integer NOT NULL,
	"site" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "site" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_sites" ADD CONSTRAINT "admin_sites_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_handoffs" ADD CONSTRAINT "site_handoffs_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Administrators from before sites: they keep working on every site the database has data of.
INSERT INTO "admin_sites" ("admin_id", "site")
  SELECT a."id", s."site" FROM "admins" a
  CROSS JOIN (SELECT "site" FROM "leads" UNION SELECT "site" FROM "press_articles" UNION SELECT "site" FROM "visit_slots") s
  ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Sessions from before sites belong to none: their holders sign in again.
DELETE FROM "sessions";
