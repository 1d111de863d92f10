-- AlterTable
ALTER TABLE "webhook_events" ADD COLUMN     "request_id" TEXT;
