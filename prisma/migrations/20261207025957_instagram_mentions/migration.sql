-- AlterTable
ALTER TABLE "comments" ADD COLUMN     "mention" TEXT;
