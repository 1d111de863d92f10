-- AlterTable
ALTER TABLE "comments" ADD COLUMN     "assignee_id" UUID,
ADD COLUMN     "seen_at" TIMESTAMPTZ(3),
ADD COLUMN     "snoozed_until" TIMESTAMPTZ(3),
ADD COLUMN     "status" "ConversationStatus" NOT NULL DEFAULT 'open';

-- CreateTable
CREATE TABLE "comment_notes" (
    "id" UUID NOT NULL,
    "page_id" UUID NOT NULL,
    "comment_id" UUID NOT NULL,
    "author_id" UUID,
    "text" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "comment_notes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "commenter_tags" (
    "id" UUID NOT NULL,
    "page_id" UUID NOT NULL,
    "channel" "Channel" NOT NULL,
    "author_id" TEXT NOT NULL,
    "label_id" UUID,
    "name" TEXT NOT NULL,
    "color" "LabelColor" NOT NULL DEFAULT 'blue',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "commenter_tags_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "comment_notes_comment_id_created_at_idx" ON "comment_notes"("comment_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "commenter_tags_page_id_name_idx" ON "commenter_tags"("page_id", "name");

-- CreateIndex
CREATE UNIQUE INDEX "commenter_tags_page_id_channel_author_id_name_key" ON "commenter_tags"("page_id", "channel", "author_id", "name");

-- CreateIndex
CREATE INDEX "comments_open_work_idx" ON "comments"("page_id", "created_time" DESC, "id" DESC) WHERE (NOT from_page AND removed_at IS NULL AND status = 'open');

-- CreateIndex
CREATE INDEX "comments_snoozed_idx" ON "comments"("snoozed_until") WHERE (status = 'snoozed' AND snoozed_until IS NOT NULL);

-- CreateIndex
CREATE INDEX "comments_page_text_trgm_idx" ON "comments" USING GIN ("page_id" uuid_ops, "text" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "comments_page_author_name_trgm_idx" ON "comments" USING GIN ("page_id" uuid_ops, "author_name" gin_trgm_ops);

-- AddForeignKey
ALTER TABLE "comments" ADD CONSTRAINT "comments_assignee_id_fkey" FOREIGN KEY ("assignee_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "comment_notes" ADD CONSTRAINT "comment_notes_page_id_fkey" FOREIGN KEY ("page_id") REFERENCES "pages"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "comment_notes" ADD CONSTRAINT "comment_notes_comment_id_fkey" FOREIGN KEY ("comment_id") REFERENCES "comments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "comment_notes" ADD CONSTRAINT "comment_notes_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "commenter_tags" ADD CONSTRAINT "commenter_tags_page_id_fkey" FOREIGN KEY ("page_id") REFERENCES "pages"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "commenter_tags" ADD CONSTRAINT "commenter_tags_label_id_fkey" FOREIGN KEY ("label_id") REFERENCES "labels"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Written by hand: comments that came before this migration were all in front of the team already: seen,
-- so the Page tabs' counts do not jump by a Page's whole history on deploy.
UPDATE "comments" SET "seen_at" = "created_at" WHERE NOT "from_page";
