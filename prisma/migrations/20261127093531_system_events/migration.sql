-- CreateTable
CREATE TABLE "system_events" (
    "id" UUID NOT NULL,
    "page_id" UUID NOT NULL,
    "psid" TEXT,
    "user_ref" TEXT,
    "event" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "detail" JSONB NOT NULL DEFAULT '{}',
    "occurred_at" TIMESTAMPTZ(3) NOT NULL,
    "dedupe_key" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "system_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "system_events_dedupe_key_key" ON "system_events"("dedupe_key");

-- CreateIndex
CREATE INDEX "system_events_page_id_psid_occurred_at_id_idx" ON "system_events"("page_id", "psid", "occurred_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "system_events_page_id_user_ref_idx" ON "system_events"("page_id", "user_ref");

-- AddForeignKey
ALTER TABLE "system_events" ADD CONSTRAINT "system_events_page_id_fkey" FOREIGN KEY ("page_id") REFERENCES "pages"("id") ON DELETE CASCADE ON UPDATE CASCADE;
