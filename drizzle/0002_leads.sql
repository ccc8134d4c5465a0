CREATE TABLE "leads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "leads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"submission_id" varchar(64) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"site" varchar(64) NOT NULL,
	"name" varchar(50) NOT NULL,
	"phone" varchar(16) NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"consent_version" varchar(32) NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"source_path" varchar(300) NOT NULL,
	"utm_source" varchar(100),
	"utm_medium" varchar(100),
	"utm_campaign" varchar(100),
	"referrer_host" varchar(255),
	"user_agent" varchar(400) DEFAULT '' NOT NULL,
	"status" varchar(16) DEFAULT 'new' NOT NULL,
	"spam" boolean DEFAULT false NOT NULL,
	"spam_reason" varchar(16),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" varchar(120) PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sms_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lead_id" integer,
	"purpose" varchar(16) NOT NULL,
	"recipient" varchar(16) NOT NULL,
	"body" text NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_by" varchar(64),
	"locked_until" timestamp with time zone,
	"provider" varchar(16),
	"provider_message_id" varchar(128),
	"last_response" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "leads_submission_id_key" ON "leads" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "leads_kind_phone_created_at_idx" ON "leads" USING btree ("kind","phone","created_at");--> statement-breakpoint
CREATE INDEX "leads_created_at_idx" ON "leads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_status_next_attempt_at_idx" ON "sms_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_lead_id_idx" ON "sms_outbox" USING btree ("lead_id");