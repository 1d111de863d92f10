-- DropIndex
DROP INDEX "webhook_events_processed_at_id_idx";

-- CreateIndex
CREATE INDEX "webhook_events_pending_idx" ON "webhook_events"("id") WHERE (processed_at IS NULL);

-- A processed row keeps a dead entry in the partial index until a vacuum, and by default that waits for 20
-- percent of the table. Vacuum this table after every 10 000 processed rows instead.
ALTER TABLE "webhook_events" SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 10000);
