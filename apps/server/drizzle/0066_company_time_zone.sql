-- Issue #35: the company's own clock. A company's time zone (IANA name, e.g. 'Asia/Shanghai', 'Europe/Berlin'),
-- set in the buyer's company administration; null = the server default (TZ_DEFAULT, else Asia/Shanghai).
-- Every "today", month period and document number of the company's documents is taken in it.
ALTER TABLE "company" ADD COLUMN IF NOT EXISTS "time_zone" text;
