CREATE TABLE "marketing_consent_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marketing_consent_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site" varchar(64) NOT NULL,
	"phone" varchar(16) NOT NULL,
	"customer_id" integer,
	"kind" varchar(24) NOT NULL,
	"via" varchar(16),
	"lead_id" integer,
	"actor_id" integer,
	"outbox_id" integer,
	"follows_id" integer,
	"at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opt_out_lists" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "opt_out_lists_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site" varchar(64) NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"entries" jsonb NOT NULL,
	"uploaded_by" integer,
	"applied_at" timestamp with time zone,
	"summary" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "marketing_consent_events" ADD CONSTRAINT "marketing_consent_events_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_consent_events" ADD CONSTRAINT "marketing_consent_events_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_consent_events" ADD CONSTRAINT "marketing_consent_events_actor_id_admins_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_consent_events" ADD CONSTRAINT "marketing_consent_events_outbox_id_sms_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."sms_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_consent_events" ADD CONSTRAINT "marketing_consent_events_follows_id_marketing_consent_events_id_fk" FOREIGN KEY ("follows_id") REFERENCES "public"."marketing_consent_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opt_out_lists" ADD CONSTRAINT "opt_out_lists_uploaded_by_admins_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marketing_consent_events_site_phone_at_idx" ON "marketing_consent_events" USING btree ("site","phone","at");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_consent_events_follows_id_key" ON "marketing_consent_events" USING btree ("follows_id");--> statement-breakpoint
CREATE INDEX "opt_out_lists_site_created_at_idx" ON "opt_out_lists" USING btree ("site","created_at");--> statement-breakpoint
-- The ledger starts with what the database already knew: each lead form's consent, and each customer's opt-out (only the console could record one before).
INSERT INTO "marketing_consent_events" ("site", "phone", "customer_id", "kind", "via", "lead_id", "at", "created_at")
SELECT "site", "phone", "customer_id", 'consent', 'form', "id", "marketing_consent_at", "marketing_consent_at"
FROM "leads" WHERE "marketing_consent_at" IS NOT NULL AND "spam" = false ORDER BY "marketing_consent_at", "id";--> statement-breakpoint
INSERT INTO "marketing_consent_events" ("site", "phone", "customer_id", "kind", "via", "at", "created_at")
SELECT "site", "phone", "id", 'withdrawal', 'console', "marketing_opt_out_at", "marketing_opt_out_at"
FROM "customers" WHERE "marketing_opt_out_at" IS NOT NULL ORDER BY "marketing_opt_out_at", "id";
