import { randomBytes } from "node:crypto";
import { db } from "@/server/db";
import { copyable, type StoredAttachment } from "@/lib/inbox/message-kinds";
import { announceUpdate } from "@/server/services/conversations/message-update";
import { FetchRefused, safeFetch } from "@/server/integrations/safe-fetch";
import { sniffMediaType } from "@/server/storage/media-type";
import { attachmentStorage } from "@/server/storage/storage";

// Copies a message's attachments from Meta's CDN into our storage (the copy-attachments job). Each copied
// attachment gets `storedKey`; the thread then serves our copy (signed URLs, signed-url.ts) and the open
// thread is told at once (`message-updated`). Until then, and for good when the copy is refused, the
// original URL stays in place.

type Outcome = { copied: number; refused: number; failed: Error | null };

export async function copyMessageAttachments(messageId: string): Promise<Outcome> {
  const message = await db.message.findUnique({ where: { id: messageId }, select: { attachments: true } });
  const attachments = (message?.attachments as StoredAttachment[] | null) ?? [];
  const outcome: Outcome = { copied: 0, refused: 0, failed: null };
  const updated = [...attachments];
  for (const [index, attachment] of attachments.entries()) {
    if (!copyable(attachment)) continue;
    try {
      const fetched = await safeFetch(attachment.url!);
      const key = randomBytes(16).toString("hex");
      const mime = sniffMediaType(fetched.bytes);
      await attachmentStorage().put(key, fetched.bytes, mime);
      updated[index] = { ...attachment, storedKey: key, mime, size: fetched.bytes.length };
      outcome.copied++;
    } catch (error) {
      if (error instanceof FetchRefused) {
        // Not ours to fetch, or never will be (too large, gone): keep the original URL, stop trying.
        updated[index] = { ...attachment, copyError: error.message };
        outcome.refused++;
      } else outcome.failed ??= error as Error;
    }
  }
  if (outcome.copied || outcome.refused) await saveAndAnnounce(messageId, attachments, updated);
  return outcome;
}

/** Writes only over the list it read (a concurrent edit of the row is not lost), then tells the thread. */
async function saveAndAnnounce(messageId: string, before: StoredAttachment[], after: StoredAttachment[]): Promise<void> {
  const saved = await db.message.updateMany({ where: { id: messageId, attachments: { equals: before } }, data: { attachments: after } });
  if (saved.count) await announceUpdate(messageId);
}
