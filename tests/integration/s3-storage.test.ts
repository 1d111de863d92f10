import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { AwsClient } from "aws4fetch";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as attachmentRoute from "@/app/api/attachments/[key]/route";
import { db } from "@/server/db";
import { env } from "@/server/env";
import { copyMessageAttachments } from "@/workers/attachments/copy-attachments";
import { s3Storage, type S3Config } from "@/server/storage/s3-storage";
import { signedAttachmentUrl } from "@/server/storage/signed-url";
import type { StoredAttachment } from "@/lib/inbox/message-kinds";
import { makeCompany, makePage } from "./support/factory";
import { makeConversation } from "./support/inbox-factory";

// The S3 driver against a real S3-compatible server (s3rver, in this process on a free port): objects go to
// `{endpoint}/{bucket}/{key}` with their type, come back byte for byte, a missing key is null, a refusal
// throws; and with ATTACHMENT_STORAGE=s3 the worker's copy lands in the bucket and the signed URL serves it.
// s3rver checks the access key but not the V4 signature itself: tests/unit/inbound-kinds.test.ts holds the
// signing to AWS's documented example.

const BUCKET = "switchboard-attachments";
const PDF = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(300, 0x20)]);
// s3rver's one account.
const KEYS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

let s3: S3rver;
let dir: string;
let config: S3Config;
let cdn: Server;
let cdnUrl: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "switchboard-s3-"));
  s3 = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = await s3.run();
  config = { endpoint: `http://127.0.0.1:${port}/`, region: "us-east-1", bucket: BUCKET, ...KEYS };
  // Read by env() on first use, which comes after this (per-file setup only opens the mailbox before).
  Object.assign(process.env, { ATTACHMENT_STORAGE: "s3", S3_ENDPOINT: config.endpoint, S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: KEYS.accessKeyId, S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey });

  cdn = createServer((req, res) => (req.url === "/doc.pdf" ? res.writeHead(200).end(PDF) : res.writeHead(404).end()));
  await new Promise<void>((resolve) => cdn.listen(0, "127.0.0.1", resolve));
  cdnUrl = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => cdn.close(resolve));
  await s3.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The object as the server holds it, read with a client of the test's own. */
async function objectInBucket(key: string) {
  const response = await new AwsClient({ ...KEYS, region: "us-east-1", service: "s3" }).fetch(`${config.endpoint}${BUCKET}/${key}`);
  return { status: response.status, type: response.headers.get("content-type"), bytes: Buffer.from(await response.arrayBuffer()) };
}

describe("the S3 driver", () => {
  it("puts an object under bucket/key with its type and gets it back byte for byte", async () => {
    const storage = s3Storage(config);
    const key = "0123456789abcdef0123456789abcdef";
    await storage.put(key, PDF, "application/pdf");
    expect(await objectInBucket(key)).toEqual({ status: 200, type: "application/pdf", bytes: PDF });
    expect(await storage.get(key)).toEqual({ bytes: PDF, mime: "application/pdf" });

    const replaced = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    await storage.put(key, replaced, "image/jpeg");
    expect(await storage.get(key)).toEqual({ bytes: replaced, mime: "image/jpeg" });
  });

  it("answers null for a key the bucket does not hold", async () => {
    expect(await s3Storage(config).get("ffffffffffffffffffffffffffffffff")).toBeNull();
  });

  it("throws when the store refuses: an unknown access key, a bucket that does not exist", async () => {
    const stranger = s3Storage({ ...config, accessKeyId: "NOT-A-KEY" });
    await expect(stranger.put("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", PDF, "application/pdf")).rejects.toThrow(/^S3 PUT aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa: 403 .*InvalidAccessKeyId/s);
    await expect(stranger.get("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa")).rejects.toThrow("S3 GET aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa: 403");
    await expect(s3Storage({ ...config, bucket: "no-such-bucket" }).put("bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", PDF, "application/pdf")).rejects.toThrow(/NoSuchBucket/);
  });
});

describe("ATTACHMENT_STORAGE=s3", () => {
  it("the worker's copy lands in the bucket and its signed URL serves it; a forged signature does not", async () => {
    expect(env().ATTACHMENT_STORAGE).toBe("s3");
    const company = await makeCompany();
    const page = await makePage(company.id);
    const { conversation, customer } = await makeConversation(page.id);
    const original = `${cdnUrl}/doc.pdf`;
    const message = await db.message.create({
      data: { conversationId: conversation.id, mid: `m_s3_${Date.now()}`, direction: "inbound", senderId: customer.psid, sendStatus: "received", createdTime: new Date(), attachments: [{ type: "file", url: original }] },
    });

    expect(await copyMessageAttachments(message.id)).toEqual({ copied: 1, refused: 0, failed: null });
    const [copy] = (await db.message.findUniqueOrThrow({ where: { id: message.id } })).attachments as StoredAttachment[];
    expect(copy).toMatchObject({ url: original, mime: "application/pdf", size: PDF.length, storedKey: expect.stringMatching(/^[a-f0-9]{32}$/) });
    expect(await objectInBucket(copy!.storedKey!)).toEqual({ status: 200, type: "application/pdf", bytes: PDF });

    const serve = (url: URL) => attachmentRoute.GET(new Request(`http://localhost${url.pathname}${url.search}`), { params: Promise.resolve({ key: url.pathname.split("/").pop()! }) });
    const signed = new URL(signedAttachmentUrl(copy!.storedKey!));
    const served = await serve(signed);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PDF);

    const forged = new URL(signed);
    forged.searchParams.set("sig", "A".repeat(signed.searchParams.get("sig")!.length));
    expect((await serve(forged)).status).toBe(404);
    const unknown = new URL(signedAttachmentUrl("ffffffffffffffffffffffffffffffff"));
    expect((await serve(unknown)).status).toBe(404);
  });
});
