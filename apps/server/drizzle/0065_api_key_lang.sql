-- The language of an API key's answers (issue #32): calls made with the key that send no `lang` header are
-- answered in it (messages, validation errors). Existing keys keep answering in zh_cn, as before.
ALTER TABLE "api_key" ADD COLUMN IF NOT EXISTS "lang" text DEFAULT 'zh_cn' NOT NULL;
