CREATE TABLE "visit_bookings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visit_bookings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site" varchar(64) NOT NULL,
	"slot_id" integer NOT NULL,
	"lead_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"phone" varchar(16) NOT NULL,
	"status" varchar(16) DEFAULT 'booked' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"reminder_queued_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "visit_slots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visit_slots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site" varchar(64) NOT NULL,
	"day" date NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"open" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
DROP INDEX "leads_created_at_idx";--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "booking_id" integer;--> statement-breakpoint
ALTER TABLE "visit_bookings" ADD CONSTRAINT "visit_bookings_slot_id_visit_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."visit_slots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_bookings" ADD CONSTRAINT "visit_bookings_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visit_bookings_slot_id_status_idx" ON "visit_bookings" USING btree ("slot_id","status");--> statement-breakpoint
CREATE INDEX "visit_bookings_site_phone_idx" ON "visit_bookings" USING btree ("site","phone");--> statement-breakpoint
CREATE UNIQUE INDEX "visit_slots_site_starts_at_key" ON "visit_slots" USING btree ("site","starts_at");--> statement-breakpoint
CREATE INDEX "visit_slots_site_day_idx" ON "visit_slots" USING btree ("site","day");--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_booking_id_visit_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."visit_bookings"("id") ON DELETE set null ON UPDATE no action;