-- CreateEnum
CREATE TYPE "ConversationStatus" AS ENUM ('open', 'done', 'snoozed');

-- AlterTable
ALTER TABLE "companies" ADD COLUMN     "business_hours" JSONB,
ADD COLUMN     "timezone" TEXT NOT NULL DEFAULT 'UTC';

-- AlterTable
ALTER TABLE "conversations" ADD COLUMN     "episode_at" TIMESTAMPTZ(3),
ADD COLUMN     "first_reply_due" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "reply_at" TIMESTAMPTZ(3),
ADD COLUMN     "reply_by_id" UUID,
ADD COLUMN     "snoozed_until" TIMESTAMPTZ(3),
ADD COLUMN     "status" "ConversationStatus" NOT NULL DEFAULT 'open',
ADD COLUMN     "status_at" TIMESTAMPTZ(3),
ADD COLUMN     "status_by_id" UUID,
ADD COLUMN     "waiting_since" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "response_events" (
    "id" BIGSERIAL NOT NULL,
    "company_id" UUID NOT NULL,
    "page_id" UUID NOT NULL,
    "conversation_id" UUID NOT NULL,
    "agent_id" UUID,
    "kind" TEXT NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "seconds" INTEGER NOT NULL,
    "wall_seconds" INTEGER NOT NULL,

    CONSTRAINT "response_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "response_events_company_id_at_kind_idx" ON "response_events"("company_id", "at", "kind");

-- CreateIndex
CREATE INDEX "response_events_conversation_id_idx" ON "response_events"("conversation_id");

-- CreateIndex
CREATE INDEX "conversations_page_id_status_last_message_at_idx" ON "conversations"("page_id", "status", "last_message_at" DESC);

-- CreateIndex
CREATE INDEX "conversations_snoozed_until_idx" ON "conversations"("snoozed_until") WHERE (status = 'snoozed' AND snoozed_until IS NOT NULL);

-- CreateIndex
CREATE INDEX "conversations_waiting_idx" ON "conversations"("page_id", "waiting_since") WHERE (waiting_since IS NOT NULL);

-- AddForeignKey
ALTER TABLE "response_events" ADD CONSTRAINT "response_events_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "response_events" ADD CONSTRAINT "response_events_page_id_fkey" FOREIGN KEY ("page_id") REFERENCES "pages"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "response_events" ADD CONSTRAINT "response_events_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Conversations that already have messages start their first episode at their last customer message (or
-- their creation): only what happens from now on is measured. A conversation without a message yet (a
-- first contact being created, last_message_at 'epoch') keeps episode_at NULL: its first message opens it.
UPDATE "conversations" SET "episode_at" = COALESCE("last_inbound_at", "created_at") WHERE "last_message_at" > 'epoch'::timestamptz;

-- Business seconds between t0 and t1 in a company's hours (docs/PRODUCT.md §11). hours: {"1".."7" (ISO
-- weekday): [[startMinute, endMinute], …]} in local time of tz; a window whose end is not after its start
-- runs past midnight into the next day; NULL hours = around the clock. Each local day's windows are turned
-- into instants with AT TIME ZONE, so a day of 23 or 25 hours (DST) counts what the clock on the wall
-- says. At most the last 400 local days of a wait are counted.
CREATE FUNCTION business_seconds(tz text, hours jsonb, t0 timestamptz, t1 timestamptz) RETURNS integer
LANGUAGE plpgsql STABLE AS $$
DECLARE
  d date;
  last_day date;
  win jsonb;
  s timestamptz;
  e timestamptz;
  start_min integer;
  end_min integer;
  total double precision := 0;
BEGIN
  IF t1 <= t0 THEN RETURN 0; END IF;
  IF hours IS NULL THEN RETURN floor(extract(epoch FROM t1 - t0))::integer; END IF;
  -- The day before t0's: a window of that day may run past midnight into t0's.
  d := (t0 AT TIME ZONE tz)::date - 1;
  last_day := (t1 AT TIME ZONE tz)::date;
  IF last_day - d > 400 THEN d := last_day - 400; END IF;
  WHILE d <= last_day LOOP
    FOR win IN SELECT value FROM jsonb_array_elements(COALESCE(hours -> extract(isodow FROM d)::integer::text, '[]'::jsonb)) LOOP
      start_min := (win ->> 0)::integer;
      end_min := (win ->> 1)::integer;
      IF end_min <= start_min THEN end_min := end_min + 1440; END IF;
      s := GREATEST((d + make_interval(mins => start_min)) AT TIME ZONE tz, t0);
      e := LEAST((d + make_interval(mins => end_min)) AT TIME ZONE tz, t1);
      IF e > s THEN total := total + extract(epoch FROM e - s); END IF;
    END LOOP;
    d := d + 1;
  END LOOP;
  RETURN floor(total)::integer;
END $$;

-- The metrics rollup, written in the statement that changed the conversation (the message fold of
-- conversation-summary.ts, a status change of set-status.ts): the WHEN clause keeps it off every other update.
CREATE FUNCTION record_response_events() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  co record;
BEGIN
  SELECT p.company_id, c.timezone, c.business_hours INTO co FROM pages p JOIN companies c ON c.id = p.company_id WHERE p.id = NEW.page_id;
  IF NEW.episode_at IS NOT NULL AND NEW.episode_at IS DISTINCT FROM OLD.episode_at THEN
    INSERT INTO response_events (company_id, page_id, conversation_id, agent_id, kind, started_at, at, seconds, wall_seconds)
    VALUES (co.company_id, NEW.page_id, NEW.id, NULL, 'opened', NEW.episode_at, NEW.episode_at, 0, 0);
  END IF;
  IF OLD.waiting_since IS NOT NULL AND NEW.waiting_since IS NULL THEN
    IF NEW.status = 'done' AND OLD.status <> 'done' THEN
      INSERT INTO response_events (company_id, page_id, conversation_id, agent_id, kind, started_at, at, seconds, wall_seconds)
      VALUES (co.company_id, NEW.page_id, NEW.id, NEW.status_by_id, 'unanswered', OLD.waiting_since, NEW.status_at,
              business_seconds(co.timezone, co.business_hours, OLD.waiting_since, NEW.status_at), GREATEST(0, floor(extract(epoch FROM NEW.status_at - OLD.waiting_since)))::integer);
    ELSIF NEW.reply_at IS NOT NULL THEN
      INSERT INTO response_events (company_id, page_id, conversation_id, agent_id, kind, started_at, at, seconds, wall_seconds)
      VALUES (co.company_id, NEW.page_id, NEW.id, NEW.reply_by_id, 'reply', OLD.waiting_since, NEW.reply_at,
              business_seconds(co.timezone, co.business_hours, OLD.waiting_since, NEW.reply_at), GREATEST(0, floor(extract(epoch FROM NEW.reply_at - OLD.waiting_since)))::integer);
      IF OLD.first_reply_due AND OLD.episode_at IS NOT NULL THEN
        INSERT INTO response_events (company_id, page_id, conversation_id, agent_id, kind, started_at, at, seconds, wall_seconds)
        VALUES (co.company_id, NEW.page_id, NEW.id, NEW.reply_by_id, 'first_response', OLD.episode_at, NEW.reply_at,
                business_seconds(co.timezone, co.business_hours, OLD.episode_at, NEW.reply_at), GREATEST(0, floor(extract(epoch FROM NEW.reply_at - OLD.episode_at)))::integer);
      END IF;
    END IF;
  END IF;
  IF NEW.status = 'done' AND OLD.status <> 'done' AND NEW.status_at IS NOT NULL THEN
    INSERT INTO response_events (company_id, page_id, conversation_id, agent_id, kind, started_at, at, seconds, wall_seconds)
    VALUES (co.company_id, NEW.page_id, NEW.id, NEW.status_by_id, 'done', COALESCE(OLD.episode_at, NEW.created_at), NEW.status_at,
            business_seconds(co.timezone, co.business_hours, COALESCE(OLD.episode_at, NEW.created_at), NEW.status_at),
            GREATEST(0, floor(extract(epoch FROM NEW.status_at - COALESCE(OLD.episode_at, NEW.created_at))))::integer);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER conversations_response_events AFTER UPDATE ON conversations FOR EACH ROW
  WHEN ((OLD.waiting_since IS NOT NULL AND NEW.waiting_since IS NULL)
     OR (NEW.status = 'done' AND OLD.status <> 'done')
     OR (NEW.episode_at IS DISTINCT FROM OLD.episode_at))
  EXECUTE FUNCTION record_response_events();
