import { randomBytes } from "node:crypto";
import { mkdir, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { db } from "@/server/db";
import { env } from "@/server/env";
import { spendUploadQuota } from "@/server/services/uploads/upload-quota";

// Storing what POST /api/uploads accepted (images: store-images.ts, files: store-files.ts): the bytes count
// against the user's hourly quota, each file gets a random 128-bit name, and a row in `uploads` records
// whose it is — the company that may send it, and the user whose quota it spent.

export type UploadOwner = { userId: string; companyId: string };
export type CheckedUpload = { bytes: Buffer; ext: string; mime: string };

export const uploadsDir = () => path.resolve(env().UPLOAD_DIR);
export const uploadUrl = (name: string) => `${env().APP_URL.replace(/\/$/, "")}/api/uploads/${name}`;

/** Stores the files for `owner`, or throws (429 over the quota) with nothing stored; answers their names in order. */
export async function saveUploads(owner: UploadOwner, files: CheckedUpload[]): Promise<string[]> {
  await spendUploadQuota(owner.userId, files.reduce((sum, f) => sum + f.bytes.length, 0));
  const named = files.map((f) => ({ ...f, name: `${randomBytes(16).toString("hex")}.${f.ext}` }));
  // The rows first: a file never exists without its owner. A row whose file is missing is not sendable
  // (sendable-image.ts) and goes with the retention job.
  await db.upload.createMany({ data: named.map((f) => ({ name: f.name, companyId: owner.companyId, userId: owner.userId, bytes: f.bytes.length, mime: f.mime })) });
  const dir = uploadsDir();
  try {
    await mkdir(dir, { recursive: true });
    for (const f of named) await writeFile(path.join(dir, f.name), f.bytes, { flag: "wx" });
  } catch (error) {
    await Promise.allSettled(named.map((f) => unlink(path.join(dir, f.name))));
    await db.upload.deleteMany({ where: { name: { in: named.map((f) => f.name) } } });
    throw error;
  }
  return named.map((f) => f.name);
}
