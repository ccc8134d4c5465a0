CREATE TABLE "message_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site" varchar(64) NOT NULL,
	"code" varchar(64) NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"body" text NOT NULL,
	"buttons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'approved' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "channel" varchar(16) DEFAULT 'sms' NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "template_id" integer;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "fallback_reason" varchar(32);--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "receipt_state" varchar(16);--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "receipt_code" varchar(16);--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "receipt_message" varchar(300);--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "receipt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_templates_site_code_idx" ON "message_templates" USING btree ("site","code");--> statement-breakpoint
CREATE INDEX "message_templates_site_purpose_idx" ON "message_templates" USING btree ("site","purpose");--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_template_id_message_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."message_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_outbox_provider_message_id_idx" ON "sms_outbox" USING btree ("provider_message_id");