-- CreateIndex
CREATE INDEX "webhook_events_received_at_brin" ON "webhook_events" USING BRIN ("received_at");
