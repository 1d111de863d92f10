-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "deleted_at" TIMESTAMPTZ(3),
ADD COLUMN     "edited_at" TIMESTAMPTZ(3),
ADD COLUMN     "kind" TEXT NOT NULL DEFAULT 'text',
ADD COLUMN     "payload" TEXT,
ADD COLUMN     "previous_texts" JSONB,
ADD COLUMN     "reactions" JSONB,
ADD COLUMN     "referral" JSONB,
ADD COLUMN     "reply_to_mid" TEXT;

-- CreateTable
CREATE TABLE "webhook_quarantine" (
    "id" BIGSERIAL NOT NULL,
    "facebook_page_id" TEXT,
    "scope" TEXT NOT NULL,
    "raw" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "webhook_event_id" BIGINT,
    "retry_count" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "resolved_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_quarantine_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "webhook_quarantine_facebook_page_id_resolved_at_idx" ON "webhook_quarantine"("facebook_page_id", "resolved_at");

-- CreateIndex
CREATE INDEX "webhook_quarantine_created_at_id_idx" ON "webhook_quarantine"("created_at", "id");
