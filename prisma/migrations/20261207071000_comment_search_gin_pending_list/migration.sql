-- The comments' trigram indexes (migration comment_teamwork) keep the 256 kB pending list every trigram index
-- of ours keeps (migration search_gin_pending_list, docs/DECISIONS.md): with the 4 MB default, a search scans
-- the whole unmerged list on every run until a vacuum merges it.
ALTER INDEX "comments_page_text_trgm_idx" SET (gin_pending_list_limit = 256);
ALTER INDEX "comments_page_author_name_trgm_idx" SET (gin_pending_list_limit = 256);
