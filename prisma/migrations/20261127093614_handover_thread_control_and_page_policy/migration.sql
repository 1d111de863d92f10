-- CreateEnum
CREATE TYPE "ThreadOwner" AS ENUM ('app', 'page_inbox', 'other_app');

-- CreateEnum
CREATE TYPE "HandoverRole" AS ENUM ('primary_receiver', 'secondary_receiver');

-- CreateEnum
CREATE TYPE "PolicyState" AS ENUM ('warning', 'blocked');

-- AlterTable
ALTER TABLE "conversations" ADD COLUMN     "thread_owner" "ThreadOwner",
ADD COLUMN     "thread_owner_app_id" TEXT,
ADD COLUMN     "thread_owner_at" TIMESTAMPTZ(3),
ADD COLUMN     "thread_owner_checked_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "pages" ADD COLUMN     "handover_apps" JSONB,
ADD COLUMN     "handover_checked_at" TIMESTAMPTZ(3),
ADD COLUMN     "handover_role" "HandoverRole",
ADD COLUMN     "policy_at" TIMESTAMPTZ(3),
ADD COLUMN     "policy_reason" TEXT,
ADD COLUMN     "policy_state" "PolicyState";

-- CreateTable
CREATE TABLE "page_policy_events" (
    "id" UUID NOT NULL,
    "page_id" UUID NOT NULL,
    "action" TEXT NOT NULL,
    "reason" TEXT,
    "occurred_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "page_policy_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "page_policy_events_page_id_action_occurred_at_key" ON "page_policy_events"("page_id", "action", "occurred_at");

-- AddForeignKey
ALTER TABLE "page_policy_events" ADD CONSTRAINT "page_policy_events_page_id_fkey" FOREIGN KEY ("page_id") REFERENCES "pages"("id") ON DELETE CASCADE ON UPDATE CASCADE;
