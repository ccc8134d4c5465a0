ALTER TABLE "visit_bookings" ADD COLUMN "source_key" varchar(32);--> statement-breakpoint
ALTER TABLE "visit_bookings" ADD COLUMN "review" varchar(16);--> statement-breakpoint
ALTER TABLE "visit_bookings" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visit_bookings" ADD COLUMN "reviewed_by" integer;--> statement-breakpoint
ALTER TABLE "visit_bookings" ADD CONSTRAINT "visit_bookings_reviewed_by_admins_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visit_bookings_site_created_at_idx" ON "visit_bookings" USING btree ("site","created_at");