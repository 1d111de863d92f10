-- CreateTable
CREATE TABLE "uploads" (
    "name" TEXT NOT NULL,
    "company_id" UUID NOT NULL,
    "user_id" UUID,
    "bytes" INTEGER NOT NULL,
    "mime" TEXT NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "uploads_pkey" PRIMARY KEY ("name")
);

-- CreateIndex
CREATE INDEX "uploads_unused_created_idx" ON "uploads"("created_at") WHERE (used_at IS NULL);

-- CreateIndex
CREATE INDEX "uploads_company_id_idx" ON "uploads"("company_id");

-- CreateIndex
CREATE INDEX "uploads_user_id_idx" ON "uploads"("user_id");

-- AddForeignKey
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
