CREATE TABLE "customers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site" varchar(64) NOT NULL,
	"phone" varchar(16) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spent_form_tokens" (
	"token_id" varchar(32) PRIMARY KEY NOT NULL,
	"submission_id" varchar(64) NOT NULL,
	"spent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "customer_id" integer;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "client_id" varchar(64);--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "texts_held" varchar(16);--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "site" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "visit_bookings" ADD COLUMN "link_token" varchar(40) DEFAULT gen_random_uuid()::text NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_site_phone_key" ON "customers" USING btree ("site","phone");--> statement-breakpoint
CREATE INDEX "spent_form_tokens_spent_at_idx" ON "spent_form_tokens" USING btree ("spent_at");--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_outbox_recipient_created_at_idx" ON "sms_outbox" USING btree ("recipient","created_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_site_created_at_idx" ON "sms_outbox" USING btree ("site","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "visit_bookings_link_token_key" ON "visit_bookings" USING btree ("link_token");--> statement-breakpoint
-- Leads made before customers existed: one customer per site and phone (spam is nobody's customer).
INSERT INTO "customers" ("site", "phone", "created_at")
  SELECT "site", "phone", min("created_at") FROM "leads" WHERE NOT "spam" GROUP BY "site", "phone"
  ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "leads" l SET "customer_id" = c."id" FROM "customers" c WHERE NOT l."spam" AND c."site" = l."site" AND c."phone" = l."phone";--> statement-breakpoint
UPDATE "sms_outbox" o SET "site" = l."site" FROM "leads" l WHERE o."lead_id" = l."id";
