CREATE TABLE "unit_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "unit_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"kind" varchar(24) NOT NULL,
	"from_status" varchar(16),
	"to_status" varchar(16) NOT NULL,
	"lead_id" integer,
	"actor_id" integer,
	"actor_email" varchar(254) NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unit_settings" (
	"site" varchar(64) PRIMARY KEY NOT NULL,
	"hold_hours" integer DEFAULT 24 NOT NULL,
	"remaining_source" varchar(16) DEFAULT 'manual' NOT NULL,
	"public_page" boolean DEFAULT false NOT NULL,
	"public_unit_numbers" boolean DEFAULT true NOT NULL,
	"public_prices" boolean DEFAULT false NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "units" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "units_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site" varchar(64) NOT NULL,
	"building" varchar(16) NOT NULL,
	"floor" integer NOT NULL,
	"line" integer NOT NULL,
	"type_key" varchar(16) NOT NULL,
	"price" bigint,
	"status" varchar(16) DEFAULT 'available' NOT NULL,
	"lead_id" integer,
	"held_by" integer,
	"held_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "unit_type" varchar(16);--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "unit_id" integer;--> statement-breakpoint
ALTER TABLE "unit_changes" ADD CONSTRAINT "unit_changes_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_changes" ADD CONSTRAINT "unit_changes_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_changes" ADD CONSTRAINT "unit_changes_actor_id_admins_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_settings" ADD CONSTRAINT "unit_settings_updated_by_admins_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_held_by_admins_id_fk" FOREIGN KEY ("held_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unit_changes_unit_id_idx" ON "unit_changes" USING btree ("unit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "units_site_building_floor_line_key" ON "units" USING btree ("site","building","floor","line");--> statement-breakpoint
CREATE INDEX "units_lead_id_idx" ON "units" USING btree ("lead_id");--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE set null ON UPDATE no action;