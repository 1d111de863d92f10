import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { env } from "@/server/env";
import { s3Storage } from "@/server/storage/s3-storage";
import type { AttachmentStorage } from "@/server/storage/storage-driver";

// Where copies of customers' attachments live. A small interface so the driver is a setting:
// ATTACHMENT_STORAGE=local (files under UPLOAD_DIR/attachments, the default) or s3 (any S3-compatible
// store, fetch signed by aws4fetch: s3-storage.ts). Keys are ours (random, see copy-attachment.ts).

export const KEY_PATTERN = /^[a-f0-9]{32}$/;

function localStorage(dir: string): AttachmentStorage {
  return {
    async put(key, bytes, mime) {
      await mkdir(dir, { recursive: true });
      // The type beside the bytes: what we sniffed at copy time, served as is.
      await writeFile(path.join(dir, `${key}.type`), mime);
      await writeFile(path.join(dir, key), bytes);
    },
    async get(key) {
      if (!KEY_PATTERN.test(key)) return null;
      const [bytes, mime] = await Promise.all([readFile(path.join(dir, key)).catch(() => null), readFile(path.join(dir, `${key}.type`), "utf8").catch(() => null)]);
      return bytes && mime ? { bytes, mime } : null;
    },
  };
}

export function attachmentStorage(): AttachmentStorage {
  const config = env();
  if (config.ATTACHMENT_STORAGE === "s3") {
    return s3Storage({ endpoint: config.S3_ENDPOINT!, region: config.S3_REGION, bucket: config.S3_BUCKET!, accessKeyId: config.S3_ACCESS_KEY_ID!, secretAccessKey: config.S3_SECRET_ACCESS_KEY! });
  }
  return localStorage(path.join(path.resolve(config.UPLOAD_DIR), "attachments"));
}
