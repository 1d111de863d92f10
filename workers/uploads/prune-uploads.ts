import { unlink } from "node:fs/promises";
import path from "node:path";
import type { ExpressionBuilder } from "kysely";
import type { DB } from "@/server/generated/kysely/types";
import { rows as rowsOf, sqlDb } from "@/server/db/sql/run";
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
    const unused = (eb: ExpressionBuilder<DB, "uploads">) => eb("used_at", "is", null);
    const oldest = sqlDb().selectFrom("uploads").select("name").where(unused).where("created_at", "<", cutoff).orderBy("created_at").limit(batch).forUpdate().skipLocked();
    const rows = await rowsOf(sqlDb().deleteFrom("uploads").where("name", "in", oldest).where(unused).returning("name"));
    for (const { name } of rows) {
      await unlink(path.join(dir, path.basename(name))).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOENT") logger().warn({ upload: name, err: error.message }, "upload retention: the file could not be deleted");
      });
    }
    total += rows.length;
    if (rows.length < batch) return total;
  }
}
