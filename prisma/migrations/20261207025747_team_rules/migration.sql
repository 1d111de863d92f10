-- AlterTable
ALTER TABLE "companies" ADD COLUMN     "breach_email" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "first_response_target_minutes" INTEGER,
ADD COLUMN     "next_response_target_minutes" INTEGER;

-- AlterTable
ALTER TABLE "conversations" ADD COLUMN     "auto_reply_at" TIMESTAMPTZ(3),
ADD COLUMN     "breach_notified_at" TIMESTAMPTZ(3),
ADD COLUMN     "response_due_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "automatic" TEXT;

-- AlterTable
ALTER TABLE "pages" ADD COLUMN     "auto_reply_every_hours" INTEGER NOT NULL DEFAULT 12,
ADD COLUMN     "away_reply_on" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "away_reply_text" TEXT,
ADD COLUMN     "fair_queue" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "instant_reply_on" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "instant_reply_text" TEXT;

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "capacity" INTEGER NOT NULL DEFAULT 10,
ADD COLUMN     "is_away" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "last_assigned_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "audit_entries" (
    "id" BIGSERIAL NOT NULL,
    "company_id" UUID NOT NULL,
    "actor_id" UUID,
    "actor_name" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "target_type" TEXT NOT NULL,
    "target_id" TEXT,
    "target_name" TEXT,
    "details" JSONB,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_entries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "audit_entries_company_id_at_id_idx" ON "audit_entries"("company_id", "at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "audit_entries_at_idx" ON "audit_entries"("at");

-- CreateIndex
CREATE INDEX "conversations_response_due_idx" ON "conversations"("page_id", "response_due_at") WHERE (response_due_at IS NOT NULL AND status = 'open');

-- CreateIndex
CREATE INDEX "conversations_queue_idx" ON "conversations"("page_id", "created_at") WHERE (assignee_id IS NULL AND status = 'open' AND NOT is_spam);

-- AddForeignKey
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
