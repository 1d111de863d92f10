-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "is_imported" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "pages" ADD COLUMN     "import_done" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "import_error" TEXT,
ADD COLUMN     "import_state" TEXT,
ADD COLUMN     "import_total" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "subscribed_at" TIMESTAMPTZ(3),
ADD COLUMN     "subscription_error" TEXT,
ADD COLUMN     "token_error_call" TEXT,
ADD COLUMN     "verified_at" TIMESTAMPTZ(3);
