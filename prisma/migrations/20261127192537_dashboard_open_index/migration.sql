-- The dashboard's open and unassigned counts (server/db/sql/response-events.ts headlineFigures) read only open,
-- non-spam conversations: a partial index holding just those rows and the columns the count reads makes it an
-- index-only scan instead of a heap visit per open conversation (issue 32 point 4, the dashboard ≤ 50 ms).
-- CreateIndex
CREATE INDEX "conversations_open_idx" ON "conversations"("page_id", "assignee_id", "last_message_at") WHERE (status = 'open' AND NOT is_spam);
