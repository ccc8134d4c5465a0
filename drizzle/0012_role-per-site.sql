ALTER TABLE "admin_sites" ADD COLUMN "role" varchar(16) NOT NULL;--> statement-breakpoint
ALTER TABLE "admins" DROP COLUMN "role";