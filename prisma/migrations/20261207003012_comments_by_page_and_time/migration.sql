-- CreateIndex
CREATE INDEX "comments_page_id_created_time_idx" ON "comments"("page_id", "created_time");
