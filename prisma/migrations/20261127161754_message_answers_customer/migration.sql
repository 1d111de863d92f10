-- Whether a message was a person answering the customer (docs/PRODUCT.md §11), as the ingest and the send
-- path decided it when folding the message into its conversation: the rollup rebuild replays messages and
-- cannot tell a Page Inbox echo from another app's without it. Nullable, no default: instant on a large
-- table; rows from before it stay NULL (the rebuild counts only agents' sends among them).
ALTER TABLE "messages" ADD COLUMN     "answers_customer" BOOLEAN;
