-- The list's filter indexes end in the whole keyset (last_message_at, id), as the main one does: a cursor
-- page at any depth is then one range scan in the list's order, with no sort of ties left to the plan
-- (docs/PERFORMANCE.md, "Ten times the data"). The new ones are built before the old ones go, so the
-- filters keep an index throughout.

-- CreateIndex
CREATE INDEX "conversations_page_id_is_important_last_message_at_id_idx" ON "conversations"("page_id", "is_important", "last_message_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "conversations_page_id_is_spam_last_message_at_id_idx" ON "conversations"("page_id", "is_spam", "last_message_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "conversations_page_id_assignee_id_last_message_at_id_idx" ON "conversations"("page_id", "assignee_id", "last_message_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "conversations_page_id_status_last_message_at_id_idx" ON "conversations"("page_id", "status", "last_message_at" DESC, "id" DESC);

-- DropIndex
DROP INDEX "conversations_page_id_assignee_id_last_message_at_idx";

-- DropIndex
DROP INDEX "conversations_page_id_is_important_last_message_at_idx";

-- DropIndex
DROP INDEX "conversations_page_id_is_spam_last_message_at_idx";

-- DropIndex
DROP INDEX "conversations_page_id_status_last_message_at_idx";
