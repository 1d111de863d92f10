-- Conversation search scoped by page inside its trigram indexes (docs/PERFORMANCE.md, "Ten times the data").
-- The three indexes of 20261123223430_conversation_search_trigram span every company: a rare word's
-- candidates were the intersection of its trigrams' postings over the whole install, each then checked in
-- the heap and joined to its conversation to drop other pages' rows, so one page's search cost grew with
-- everyone's data (48 ms of Postgres for a rare word at 10 M messages, 7.7 at 1 M). Each index now leads
-- with page_id (a GIN key through btree_gin), so `page_id = $1 AND text ILIKE $2` intersects the page's
-- posting list with the trigrams' inside one index scan, and only the page's candidates reach the heap.
-- btree_gin is a trusted extension (Postgres 13+), as pg_trgm: the database owner may create it.
CREATE EXTENSION IF NOT EXISTS "btree_gin";

-- The old indexes go first, so the backfill below does not maintain them. Nothing else reads them: every
-- ILIKE of the app is in server/db/sql/search.ts and keeps to one page; the snippets walk each hit's own
-- messages (newest_matching_messages).
DROP INDEX "conversations_last_message_text_trgm_idx";
DROP INDEX "customers_name_trgm_idx";
DROP INDEX "messages_text_trgm_idx";

-- Messages had no page. page_id is the conversation's, copied, with no foreign key of its own: the
-- conversation's key to pages already holds it (a page's deletion cascades to its conversations and so
-- to their messages), and a second key would cost every insert a lookup in pages for nothing.
ALTER TABLE "messages" ADD COLUMN "page_id" UUID;

-- Every writer gets it right without knowing of it (the ingest's and the send's statements, Prisma's
-- creates, history imports, blocked messages, seeds, tests): the row's page is always read from its
-- conversation, whatever the insert said, so a message can never be found from another page. One primary
-- key lookup per row, beside the conversation row the message's own statement reads or updates anyway.
-- Bulk loads that switch triggers off (session_replication_role = replica: the bench dataset) must fill
-- it themselves; NOT NULL stops one that does not.
CREATE FUNCTION "messages_page_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT c.page_id INTO NEW.page_id FROM conversations c WHERE c.id = NEW.conversation_id;
  IF NOT FOUND THEN
    -- What the foreign key on conversation_id would have said, had the NOT NULL on page_id not come first.
    RAISE foreign_key_violation USING MESSAGE = format('insert or update on table "messages" violates foreign key constraint "messages_conversation_id_fkey": no conversation %s', NEW.conversation_id);
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER "messages_page_id" BEFORE INSERT OR UPDATE OF "conversation_id" ON "messages"
  FOR EACH ROW EXECUTE FUNCTION "messages_page_id"();

-- A conversation never changes page (nothing in the app moves one); were one moved, its messages' page_id
-- would be stale and search would find them on the old page. Refused rather than followed.
CREATE FUNCTION "conversations_page_fixed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'conversation % cannot move from page % to page %', OLD.id, OLD.page_id, NEW.page_id;
END $$;

CREATE TRIGGER "conversations_page_fixed" BEFORE UPDATE OF "page_id" ON "conversations"
  FOR EACH ROW WHEN (OLD."page_id" IS DISTINCT FROM NEW."page_id") EXECUTE FUNCTION "conversations_page_fixed"();

-- Backfill. One transaction, as every migration: on a big live database (10 M messages) this rewrites the
-- table and holds writes for minutes; there, add the column and trigger first, backfill by ranges of id
-- by hand, then run this (the UPDATE then finds nothing to change).
UPDATE "messages" m SET "page_id" = c."page_id" FROM "conversations" c WHERE c."id" = m."conversation_id" AND m."page_id" IS NULL;

ALTER TABLE "messages" ALTER COLUMN "page_id" SET NOT NULL;

-- The page-scoped indexes. On a big live database build them CONCURRENTLY by hand first under the same
-- names (hence IF NOT EXISTS). The pending-list limit of 20261125183500_search_gin_pending_list, for the
-- same reason (every search reads the whole pending list).
CREATE INDEX IF NOT EXISTS "conversations_page_last_message_text_trgm_idx" ON "conversations" USING GIN ("page_id" uuid_ops, "last_message_text" gin_trgm_ops) WITH (gin_pending_list_limit = 256);

CREATE INDEX IF NOT EXISTS "customers_page_name_trgm_idx" ON "customers" USING GIN ("page_id" uuid_ops, "name" gin_trgm_ops) WITH (gin_pending_list_limit = 256);

CREATE INDEX IF NOT EXISTS "messages_page_text_trgm_idx" ON "messages" USING GIN ("page_id" uuid_ops, "text" gin_trgm_ops) WITH (gin_pending_list_limit = 256);
