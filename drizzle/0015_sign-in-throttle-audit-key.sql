CREATE TABLE "sign_in_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sign_in_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_key" varchar(64) NOT NULL,
	"client_key" varchar(64) NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_clients" (
	"account_key" varchar(64) NOT NULL,
	"client_key" varchar(64) NOT NULL,
	"last_signed_in_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_in_clients_account_key_client_key_pk" PRIMARY KEY("account_key","client_key")
);
--> statement-breakpoint
DROP TABLE "login_attempts" CASCADE;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "algorithm" varchar(16) DEFAULT 'sha256' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "code_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "sign_in_attempts_account_idx" ON "sign_in_attempts" USING btree ("account_key","attempted_at");--> statement-breakpoint
CREATE INDEX "sign_in_attempts_client_idx" ON "sign_in_attempts" USING btree ("client_key","attempted_at");