CREATE TABLE "channel_calls" (
	"site" varchar(64) NOT NULL,
	"channel_id" integer NOT NULL,
	"path" varchar(200) NOT NULL,
	"day" date NOT NULL,
	"taps" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "channel_calls_site_channel_id_path_day_pk" PRIMARY KEY("site","channel_id","path","day")
);
--> statement-breakpoint
CREATE TABLE "channel_spend" (
	"channel_id" integer NOT NULL,
	"month" varchar(7) NOT NULL,
	"amount" integer NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_spend_channel_id_month_pk" PRIMARY KEY("channel_id","month")
);
--> statement-breakpoint
CREATE TABLE "channels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "channels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site" varchar(64) NOT NULL,
	"name" varchar(50) NOT NULL,
	"utm_source" varchar(100) NOT NULL,
	"utm_campaign" varchar(100) DEFAULT '' NOT NULL,
	"phone" varchar(16) DEFAULT '' NOT NULL,
	"alert_recipients" varchar(16)[] DEFAULT '{}'::varchar[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_spend" ADD CONSTRAINT "channel_spend_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_spend" ADD CONSTRAINT "channel_spend_updated_by_admins_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "channels_site_source_campaign_key" ON "channels" USING btree ("site","utm_source","utm_campaign");