ALTER TABLE "leads" ADD COLUMN "grade" varchar(1);--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "next_contact_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "leads_next_contact_at_idx" ON "leads" USING btree ("next_contact_at");