import "server-only";
import { createHash } from "node:crypto";
import { AwsClient } from "aws4fetch";
import type { AttachmentStorage } from "@/server/storage/storage-driver";

// An S3-compatible driver (AWS S3, MinIO, R2…) with path-style URLs (`{endpoint}/{bucket}/{key}`), so one
// code path works for every provider. aws4fetch signs each request (AWS Signature Version 4) for plain
// fetch: a small, dependency-free, well-kept signer instead of our own canonical-request code.

export type S3Config = { endpoint: string; region: string; bucket: string; accessKeyId: string; secretAccessKey: string };

const TIMEOUT_MS = 60_000;

/** The signing client of a config (exported for its unit test against AWS's documented example). */
export function s3Client(config: S3Config): AwsClient {
  // A 5xx or 429 is tried twice more (aws4fetch's backoff), all within the one request's timeout.
  return new AwsClient({ accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey, region: config.region, service: "s3", retries: 2 });
}

export function s3Storage(config: S3Config): AttachmentStorage {
  const client = s3Client(config);
  const urlOf = (key: string) => `${config.endpoint.replace(/\/$/, "")}/${encodeURIComponent(config.bucket)}/${encodeURIComponent(key)}`;
  return {
    async put(key, bytes, mime) {
      // The body's hash is signed too (aws4fetch would send UNSIGNED-PAYLOAD), so the store checks what it got.
      const headers = { "content-type": mime, "x-amz-content-sha256": createHash("sha256").update(bytes).digest("hex") };
      const response = await client.fetch(urlOf(key), { method: "PUT", headers, body: new Uint8Array(bytes), signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!response.ok) throw new Error(`S3 PUT ${key}: ${response.status} ${(await response.text()).slice(0, 200)}`);
    },
    async get(key) {
      const response = await client.fetch(urlOf(key), { signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`S3 GET ${key}: ${response.status}`);
      return { bytes: Buffer.from(await response.arrayBuffer()), mime: response.headers.get("content-type") ?? "application/octet-stream" };
    },
  };
}
