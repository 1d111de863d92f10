import { unlink } from "node:fs/promises";
import path from "node:path";
import { directPool } from "@/server/db/direct";
import { logger } from "@/server/observability/log";
import { uploadsDir } from "@/server/services/uploads/save-uploads";

// Retention of uploads nobody used: an image picked and never sent, a file attached and then removed.
// Once a message or an offer points at an upload (sendable-image.ts marks it used) it stays, because the
// thread shows it from its URL and Meta may fetch it again; the others are deleted, row and file.

const BATCH = 500;

/** Deletes the uploads never used and made before `cutoff`; returns how many. */
export async function pruneUnusedUploads(cutoff: Date, batch = BATCH): Promise<number> {
  const dir = uploadsDir();
  let total = 0;
  for (;;) {
    // The row goes first, in one statement that re-checks used_at: an upload claimed for a send meanwhile
    // is not taken, and a claim after this finds no row (refused, as for any unknown upload).
    const { rows } = await directPool().query<{ name: string }>({
      text: `DELETE FROM uploads WHERE name IN (
               SELECT name FROM uploads WHERE used_at IS NULL AND created_at < $1 ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED)
             AND used_at IS NULL RETURNING name`,
      values: [cutoff, batch],
    });
    for (const { name } of rows) {
      await unlink(path.join(dir, path.basename(name))).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOENT") logger().warn({ upload: name, err: error.message }, "upload retention: the file could not be deleted");
      });
    }
    total += rows.length;
    if (rows.length < batch) return total;
  }
}
