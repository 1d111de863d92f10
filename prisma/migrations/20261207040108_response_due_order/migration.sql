-- The "Breaching soon" view orders by (response_due_at, id): the index now holds that whole order, so a page of
-- the view is a walk of its first entries, with or without statistics (docs/PERFORMANCE.md).
-- DropIndex
DROP INDEX "conversations_response_due_idx";

-- CreateIndex
CREATE INDEX "conversations_response_due_idx" ON "conversations"("page_id", "response_due_at", "id") WHERE (response_due_at IS NOT NULL AND status = 'open');
