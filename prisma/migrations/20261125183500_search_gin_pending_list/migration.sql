-- Every search reads the whole pending list of each trigram index it uses, unsorted, besides the index
-- itself. Under 200 messages a second the default limit of 4 MB kept up to 512 pages pending in the
-- messages index, and the search probe took 13 ms on average instead of 4 (docs/PERFORMANCE.md, section 6).
-- A 256 kB list is merged into the index by the insert that fills it, about every 140 messages.
ALTER INDEX "messages_text_trgm_idx" SET (gin_pending_list_limit = 256);
ALTER INDEX "conversations_last_message_text_trgm_idx" SET (gin_pending_list_limit = 256);
ALTER INDEX "customers_name_trgm_idx" SET (gin_pending_list_limit = 256);
