-- Response targets (docs/PRODUCT.md §13.3). Written by hand: functions and triggers only, no schema.prisma change.

-- The instant at which `minutes` business minutes have passed since t0 in a company's hours: the inverse of
-- business_seconds (migration conversation_loop), reading the hours the same way — {"1".."7" (ISO weekday):
-- [[startMinute, endMinute], …]} of local time in tz, a window whose end is not after its start runs past
-- midnight, NULL hours = around the clock. Each local day's windows become instants with AT TIME ZONE, so a
-- night of 23 or 25 hours (DST) is what the wall clock says. NULL when minutes is NULL (no target) or when
-- the hours hold no window in the 400 local days after t0 (never due).
CREATE FUNCTION business_deadline(tz text, hours jsonb, t0 timestamptz, minutes integer) RETURNS timestamptz
LANGUAGE plpgsql STABLE AS $$
DECLARE
  d date;
  last_day date;
  win record;
  s timestamptz;
  e timestamptz;
  left_seconds double precision;
BEGIN
  IF minutes IS NULL OR t0 IS NULL THEN RETURN NULL; END IF;
  IF hours IS NULL THEN RETURN t0 + make_interval(mins => minutes); END IF;
  left_seconds := minutes * 60.0;
  -- The day before t0's: a window of that day may run past midnight into t0's.
  d := (t0 AT TIME ZONE tz)::date - 1;
  last_day := d + 401;
  WHILE d <= last_day LOOP
    FOR win IN SELECT (value ->> 0)::integer AS start_min,
                      CASE WHEN (value ->> 1)::integer <= (value ->> 0)::integer THEN (value ->> 1)::integer + 1440 ELSE (value ->> 1)::integer END AS end_min
                 FROM jsonb_array_elements(COALESCE(hours -> extract(isodow FROM d)::integer::text, '[]'::jsonb))
                ORDER BY 1 LOOP
      s := GREATEST((d + make_interval(mins => win.start_min)) AT TIME ZONE tz, t0);
      e := (d + make_interval(mins => win.end_min)) AT TIME ZONE tz;
      IF e > s THEN
        IF extract(epoch FROM e - s) >= left_seconds THEN
          RETURN s + make_interval(secs => left_seconds);
        END IF;
        left_seconds := left_seconds - extract(epoch FROM e - s);
      END IF;
    END LOOP;
    d := d + 1;
  END LOOP;
  RETURN NULL;
END $$;

-- When the reply a conversation awaits is due: the first response target from the start of the episode
-- while its first reply is due, else the next response target from the start of the waiting burst; in the
-- company's business minutes. NULL without a target.
CREATE FUNCTION conversation_response_due(page uuid, first_due boolean, episode timestamptz, waiting timestamptz) RETURNS timestamptz
LANGUAGE sql STABLE AS $$
  SELECT business_deadline(c.timezone, c.business_hours,
           CASE WHEN first_due THEN LEAST(COALESCE(episode, waiting), waiting) ELSE waiting END,
           CASE WHEN first_due THEN c.first_response_target_minutes ELSE c.next_response_target_minutes END)
    FROM pages p JOIN companies c ON c.id = p.company_id
   WHERE p.id = page
$$;

-- response_due_at follows waiting_since in the statement that moves it (the message fold of
-- server/db/sql/conversations.ts, a status change), so every writer agrees and the ingest gains no round
-- trip: set while an open conversation waits, cleared when answered, done or snoozed. The WHEN clause keeps
-- it off every other update (a second message of a burst changes none of these columns).
CREATE FUNCTION set_response_due() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'open' AND NEW.waiting_since IS NOT NULL THEN
    NEW.response_due_at := conversation_response_due(NEW.page_id, NEW.first_reply_due, NEW.episode_at, NEW.waiting_since);
  ELSE
    NEW.response_due_at := NULL;
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER conversations_response_due BEFORE UPDATE ON conversations FOR EACH ROW
  WHEN (NEW.status IS DISTINCT FROM OLD.status
     OR NEW.waiting_since IS DISTINCT FROM OLD.waiting_since
     OR NEW.first_reply_due IS DISTINCT FROM OLD.first_reply_due
     OR NEW.episode_at IS DISTINCT FROM OLD.episode_at)
  EXECUTE FUNCTION set_response_due();
