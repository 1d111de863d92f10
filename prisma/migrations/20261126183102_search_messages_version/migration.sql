-- A version of each conversation's messages, for search (server/services/conversations/search-misses.ts):
-- a search that found no message of a conversation holding a term remembers the version it read, and a
-- later search of that term skips the conversation's messages while the version is the same. So the
-- version must change, and commit, with everything a search could find in the messages: a message stored,
-- a text changed, a message moved. The triggers below make that hold for every writer (the webhook ingest,
-- the agent's send, blocked messages, edits, history imports, seeds). A message deleted or unsent only
-- takes matches away, which leaves "no match" true.
ALTER TABLE "conversations" ADD COLUMN     "messages_version" INTEGER NOT NULL DEFAULT 0;

-- The next version of a conversation, telling the triggers below that this transaction has bumped it.
-- The statement that stores a webhook message or an agent's reply folds it into its conversation anyway
-- (conversation-summary.ts) and bumps the version there: the trigger then leaves the row alone, and the
-- hot path pays no second UPDATE (a measured 0.05–0.1 ms a message otherwise). The setting is local to
-- the transaction, which commits the bump and the message together.
CREATE FUNCTION "next_messages_version"(conversation_id uuid, version integer) RETURNS integer LANGUAGE sql VOLATILE AS $$
  SELECT version + 1 + 0 * length(set_config('switchboard.messages_versioned', conversation_id::text, true))
$$;

CREATE FUNCTION "messages_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('switchboard.messages_versioned', true) IS DISTINCT FROM NEW.conversation_id::text THEN
    -- Also remembered, so that a history import of many messages bumps their conversation once.
    UPDATE conversations SET messages_version = next_messages_version(id, messages_version) WHERE id = NEW.conversation_id;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "messages_version_after_insert" AFTER INSERT ON "messages"
  FOR EACH ROW EXECUTE FUNCTION "messages_version_bump"();

-- Only a change search can see: a send status, a receipt or a reaction leaves the version alone.
CREATE TRIGGER "messages_version_after_text_change" AFTER UPDATE OF "text", "conversation_id" ON "messages"
  FOR EACH ROW WHEN (OLD."text" IS DISTINCT FROM NEW."text" OR OLD."conversation_id" IS DISTINCT FROM NEW."conversation_id")
  EXECUTE FUNCTION "messages_version_bump"();
