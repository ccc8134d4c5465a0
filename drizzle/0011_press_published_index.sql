CREATE INDEX "press_articles_published_idx" ON "press_articles" USING btree ("site","date","id") WHERE "press_articles"."draft" = false;--> statement-breakpoint
-- PGlite has no autovacuum: a database that already holds articles gets its first statistics here
-- (createPress keeps them current from now on).
ANALYZE "press_articles";
