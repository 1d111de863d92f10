-- AlterTable
ALTER TABLE "conversations" ADD COLUMN     "assignee_id" UUID;

-- AlterTable
ALTER TABLE "offers" ADD COLUMN     "include_spam" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "pages" ADD COLUMN     "auto_assign" BOOLEAN NOT NULL DEFAULT false;

-- CreateIndex
CREATE INDEX "conversations_page_id_assignee_id_last_message_at_idx" ON "conversations"("page_id", "assignee_id", "last_message_at" DESC);

-- AddForeignKey
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_assignee_id_fkey" FOREIGN KEY ("assignee_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
