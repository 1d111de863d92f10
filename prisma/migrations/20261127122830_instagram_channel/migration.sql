-- CreateEnum
CREATE TYPE "Channel" AS ENUM ('messenger', 'instagram');

-- DropIndex
DROP INDEX "customers_page_id_psid_key";

-- AlterTable
ALTER TABLE "conversations" ADD COLUMN     "channel" "Channel" NOT NULL DEFAULT 'messenger';

-- AlterTable
ALTER TABLE "customers" ADD COLUMN     "channel" "Channel" NOT NULL DEFAULT 'messenger';

-- CreateTable
CREATE TABLE "instagram_accounts" (
    "page_id" UUID NOT NULL,
    "instagram_id" TEXT NOT NULL,
    "username" TEXT,
    "picture_url" TEXT,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "checked_at" TIMESTAMPTZ(3),
    "check_error" TEXT,
    "last_webhook_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "instagram_accounts_pkey" PRIMARY KEY ("page_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "instagram_accounts_instagram_id_key" ON "instagram_accounts"("instagram_id");

-- CreateIndex
CREATE INDEX "conversations_page_id_channel_last_message_at_id_idx" ON "conversations"("page_id", "channel", "last_message_at" DESC, "id" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "customers_page_id_channel_psid_key" ON "customers"("page_id", "channel", "psid");

-- AddForeignKey
ALTER TABLE "instagram_accounts" ADD CONSTRAINT "instagram_accounts_page_id_fkey" FOREIGN KEY ("page_id") REFERENCES "pages"("id") ON DELETE CASCADE ON UPDATE CASCADE;
