-- CreateIndex
CREATE INDEX "messages_automatic_idx" ON "messages"("page_id", "created_time") WHERE (automatic IS NOT NULL);
