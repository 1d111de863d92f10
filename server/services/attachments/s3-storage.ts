import { createHash, createHmac } from "node:crypto";
import type { AttachmentStorage } from "@/server/services/attachments/storage";

// An S3-compatible driver (AWS S3, MinIO, R2…) with plain fetch and AWS Signature Version 4, path-style
// URLs (`{endpoint}/{bucket}/{key}`), so one code path works for every provider. Signing is ~40 lines; a
// package (and its transitive tree) for it is not worth it.

export type S3Config = { endpoint: string; region: string; bucket: string; accessKeyId: string; secretAccessKey: string };

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();

/** The headers of a SigV4-signed request (exported for its unit test against AWS's documented example). */
export function signS3Request(config: S3Config, method: string, url: URL, body: Buffer | null, headers: Record<string, string>, now = new Date()) {
  const amzDate = now.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
  const day = amzDate.slice(0, 8);
  const payloadHash = sha256(body ?? "");
  const all: Record<string, string> = { ...headers, host: url.host, "x-amz-content-sha256": payloadHash, "x-amz-date": amzDate };
  const names = Object.keys(all).map((n) => n.toLowerCase()).sort();
  const lower = Object.fromEntries(Object.entries(all).map(([k, v]) => [k.toLowerCase(), v.trim()]));
  const canonicalQuery = [...url.searchParams].map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).sort().join("&");
  const canonical = [method, url.pathname, canonicalQuery, names.map((n) => `${n}:${lower[n]}\n`).join(""), names.join(";"), payloadHash].join("\n");
  const scope = `${day}/${config.region}/s3/aws4_request`;
  const toSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonical)].join("\n");
  const key = hmac(hmac(hmac(hmac(`AWS4${config.secretAccessKey}`, day), config.region), "s3"), "aws4_request");
  const signature = createHmac("sha256", key).update(toSign).digest("hex");
  return { ...all, authorization: `AWS4-HMAC-SHA256 Credential=${config.accessKeyId}/${scope}, SignedHeaders=${names.join(";")}, Signature=${signature}` };
}

export function s3Storage(config: S3Config): AttachmentStorage {
  const urlOf = (key: string) => new URL(`${config.endpoint.replace(/\/$/, "")}/${encodeURIComponent(config.bucket)}/${encodeURIComponent(key)}`);
  return {
    async put(key, bytes, mime) {
      const url = urlOf(key);
      const headers = signS3Request(config, "PUT", url, bytes, { "content-type": mime });
      const response = await fetch(url, { method: "PUT", headers, body: new Uint8Array(bytes), signal: AbortSignal.timeout(60_000) });
      if (!response.ok) throw new Error(`S3 PUT ${key}: ${response.status} ${(await response.text()).slice(0, 200)}`);
    },
    async get(key) {
      const url = urlOf(key);
      const response = await fetch(url, { headers: signS3Request(config, "GET", url, null, {}), signal: AbortSignal.timeout(60_000) });
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`S3 GET ${key}: ${response.status}`);
      return { bytes: Buffer.from(await response.arrayBuffer()), mime: response.headers.get("content-type") ?? "application/octet-stream" };
    },
  };
}
