ALTER TABLE "sms_outbox" ADD COLUMN "sealed_body" text;--> statement-breakpoint
UPDATE "sms_outbox" SET "body" = regexp_replace(regexp_replace("body", 'https?://[^[:space:]]+/admin/invite/[A-Za-z0-9_-]+', '(링크 가림)', 'g'), 'https?://[^[:space:]]+/visit/[A-Za-z0-9_-]+', '(링크 가림)', 'g') WHERE "status" NOT IN ('pending', 'sending') AND "body" ~ '/(admin/invite|visit)/[A-Za-z0-9_-]';--> statement-breakpoint
UPDATE "leads" SET "source_path" = regexp_replace("source_path", '^(/[^/]+/visit)/[^/]+/?$', '\1') WHERE "source_path" ~ '^/[^/]+/visit/[^/]+/?$';
