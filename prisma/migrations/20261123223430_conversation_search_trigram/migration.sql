-- Conversation search (ILIKE on names, previews and message texts) through trigram indexes.
-- The CREATE EXTENSION line is written by hand: Prisma 7 deprecated `extensions = [...]` in schema.prisma
-- (postgresqlExtensions) in favour of creating extensions in a migration. pg_trgm is a trusted extension,
-- so the database owner may create it. Plain CREATE INDEX (a migration is one transaction): writes to
-- these tables wait while they build (~10 s for 1 M messages). On a big live database, build them
-- CONCURRENTLY by hand first under the same names (hence IF NOT EXISTS).
CREATE EXTENSION IF NOT EXISTS "pg_trgm";

-- CreateIndex
CREATE INDEX IF NOT EXISTS "conversations_last_message_text_trgm_idx" ON "conversations" USING GIN ("last_message_text" gin_trgm_ops);

-- CreateIndex
CREATE INDEX IF NOT EXISTS "customers_name_trgm_idx" ON "customers" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX IF NOT EXISTS "messages_text_trgm_idx" ON "messages" USING GIN ("text" gin_trgm_ops);
