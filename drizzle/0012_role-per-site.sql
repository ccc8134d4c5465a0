ALTER TABLE "admin_sites" ADD COLUMN "role" varchar(16);--> statement-breakpoint
UPDATE "admin_sites" SET "role" = "admins"."role" FROM "admins" WHERE "admins"."id" = "admin_sites"."admin_id";--> statement-breakpoint
ALTER TABLE "admin_sites" ALTER COLUMN "role" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "admins" DROP COLUMN "role";
