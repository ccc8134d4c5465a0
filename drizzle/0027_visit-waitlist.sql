CREATE TABLE "visit_settings" (
	"site" varchar(64) PRIMARY KEY NOT NULL,
	"capacity_unit" varchar(8) DEFAULT 'groups' NOT NULL,
	"hold_minutes" integer DEFAULT 30 NOT NULL,
	"same_day_reminder_hours" integer DEFAULT 2 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_waitlist" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visit_waitlist_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site" varchar(64) NOT NULL,
	"slot_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"phone" varchar(16) NOT NULL,
	"party_size" integer DEFAULT 1 NOT NULL,
	"status" varchar(16) DEFAULT 'waiting' NOT NULL,
	"link_token" varchar(40) NOT NULL,
	"consent_version" varchar(32) NOT NULL,
	"marketing_consent" boolean DEFAULT false NOT NULL,
	"source_key" varchar(32),
	"created_at" timestamp with time zone NOT NULL,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"withdrawn_by" integer,
	"booking_id" integer
);
--> statement-breakpoint
ALTER TABLE "visit_bookings" ADD COLUMN "same_day_reminder_queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visit_bookings" ADD COLUMN "no_show_queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visit_bookings" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visit_bookings" ADD COLUMN "party_size" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "visit_waitlist" ADD CONSTRAINT "visit_waitlist_slot_id_visit_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."visit_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_waitlist" ADD CONSTRAINT "visit_waitlist_withdrawn_by_admins_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_waitlist" ADD CONSTRAINT "visit_waitlist_booking_id_visit_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."visit_bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visit_waitlist_slot_id_status_idx" ON "visit_waitlist" USING btree ("slot_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "visit_waitlist_link_token_key" ON "visit_waitlist" USING btree ("link_token");--> statement-breakpoint
CREATE UNIQUE INDEX "visit_waitlist_slot_id_phone_active_key" ON "visit_waitlist" USING btree ("slot_id","phone") WHERE status in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "visit_waitlist_site_phone_idx" ON "visit_waitlist" USING btree ("site","phone");