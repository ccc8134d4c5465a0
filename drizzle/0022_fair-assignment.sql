CREATE TABLE "lead_transfers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lead_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site" varchar(64) NOT NULL,
	"lead_id" integer NOT NULL,
	"from_id" integer,
	"to_id" integer,
	"reason" varchar(200) NOT NULL,
	"status" varchar(16) DEFAULT 'requested' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "receipt_counters" (
	"site" varchar(64) NOT NULL,
	"day" date NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "receipt_counters_site_day_pk" PRIMARY KEY("site","day")
);
--> statement-breakpoint
CREATE TABLE "staff_days_off" (
	"admin_id" integer NOT NULL,
	"site" varchar(64) NOT NULL,
	"day" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_days_off_admin_id_site_day_pk" PRIMARY KEY("admin_id","site","day")
);
--> statement-breakpoint
CREATE TABLE "staff_duty" (
	"admin_id" integer NOT NULL,
	"site" varchar(64) NOT NULL,
	"day" date NOT NULL,
	"on_duty" boolean NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_duty_admin_id_site_day_pk" PRIMARY KEY("admin_id","site","day")
);
--> statement-breakpoint
ALTER TABLE "admin_sites" ADD COLUMN "daily_cap" integer;--> statement-breakpoint
ALTER TABLE "admin_sites" ADD COLUMN "assign_weight" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_sites" ADD COLUMN "assign_pass" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "console_settings" ADD COLUMN "assign_clock" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "console_settings" ADD COLUMN "recycle_after_days" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "merged_into_id" integer;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "receipt_number" varchar(32);--> statement-breakpoint
ALTER TABLE "lead_transfers" ADD CONSTRAINT "lead_transfers_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_transfers" ADD CONSTRAINT "lead_transfers_from_id_admins_id_fk" FOREIGN KEY ("from_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_transfers" ADD CONSTRAINT "lead_transfers_to_id_admins_id_fk" FOREIGN KEY ("to_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_transfers" ADD CONSTRAINT "lead_transfers_decided_by_admins_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_days_off" ADD CONSTRAINT "staff_days_off_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_days_off" ADD CONSTRAINT "staff_days_off_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_duty" ADD CONSTRAINT "staff_duty_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_transfers_site_status_idx" ON "lead_transfers" USING btree ("site","status");--> statement-breakpoint
CREATE INDEX "lead_transfers_lead_id_idx" ON "lead_transfers" USING btree ("lead_id");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_site_receipt_number_key" ON "leads" USING btree ("site","receipt_number");--> statement-breakpoint
-- Leads from before receipt numbers get theirs: the pack's prefix (DG, SW; else the site's first two letters), the Korean day, that day's order; the counters continue from there.
WITH numbered AS (
  SELECT id, site,
    to_char(created_at AT TIME ZONE 'UTC' + interval '9 hours', 'YYYYMMDD') AS day,
    row_number() OVER (PARTITION BY site, (created_at AT TIME ZONE 'UTC' + interval '9 hours')::date ORDER BY created_at, id) AS seq
  FROM leads WHERE receipt_number IS NULL)
UPDATE leads SET receipt_number =
  (CASE numbered.site WHEN 'daegu' THEN 'DG' WHEN 'suwon' THEN 'SW' ELSE upper(left(numbered.site, 2)) END)
  || '-' || numbered.day || '-' || lpad(numbered.seq::text, 4, '0')
FROM numbered WHERE leads.id = numbered.id;--> statement-breakpoint
INSERT INTO receipt_counters (site, day, last)
SELECT site, (created_at AT TIME ZONE 'UTC' + interval '9 hours')::date, count(*) FROM leads GROUP BY 1, 2
ON CONFLICT (site, day) DO UPDATE SET last = greatest(receipt_counters.last, excluded.last);
