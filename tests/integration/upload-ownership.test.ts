import { describe, expect, it, vi } from "vitest";

// A 1 MB hourly quota keeps the quota tests small (UPLOAD_QUOTA_MB_PER_HOUR is read once, lazily).
vi.hoisted(() => {
  process.env.UPLOAD_QUOTA_MB_PER_HOUR = "1";
  process.env.QUEUE_PREFIX = `upload-ownership-${process.pid}`;
});

import { existsSync } from "node:fs";
import path from "node:path";
import type { Job } from "bullmq";
import { db } from "@/server/db";
import { env } from "@/server/env";
import * as uploadRoute from "@/app/api/uploads/route";
import * as sendRoute from "@/app/api/send-message/route";
import * as scheduleRoute from "@/app/api/offers/schedule/route";
import { FILE_URL_REFUSED, IMAGE_URL_REFUSED } from "@/server/services/uploads/sendable-image";
import { uploadLargerThanQuota, uploadQuotaExceeded } from "@/server/services/uploads/upload-quota";
import { findJob } from "@/workers/jobs/index";
import { call } from "./support/http";
import { makeCompany, makePage, makeUser, tokenFor } from "./support/factory";
import { makeConversation } from "./support/inbox-factory";
import { DAY_MS } from "@/lib/contract/messaging-window";
import { JOBS } from "@/server/queue/jobs";

// Issue 29, point 11: every upload belongs to the company and user that made it; another company cannot
// send it; each user has an hourly quota; unused uploads are deleted after UPLOAD_RETENTION_DAYS.

const PNG_HEAD = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const png = (size = PNG_HEAD.length) => Buffer.concat([PNG_HEAD, Buffer.alloc(Math.max(0, size - PNG_HEAD.length))]);
const KB = 1024;

function uploadRequest(token: string, field: "images" | "files", files: { name: string; bytes: Buffer }[]) {
  const form = new FormData();
  for (const f of files) form.append(field, new Blob([new Uint8Array(f.bytes)]), f.name);
  return new Request("http://localhost/api/uploads", { method: "POST", body: form, headers: { authorization: `Bearer ${token}` } });
}

async function upload(token: string, field: "images" | "files", files: { name: string; bytes: Buffer }[]) {
  const res = await uploadRoute.POST(uploadRequest(token, field, files), { params: Promise.resolve({}) });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

const nameOf = (url: string) => url.split("/").pop()!;
const stored = (name: string) => existsSync(path.join(path.resolve(env().UPLOAD_DIR), name));

async function company(label: string) {
  const c = await makeCompany(label);
  const staff = await makeUser("company_admin", c.id);
  const page = await makePage(c.id, [staff.id]);
  const { conversation } = await makeConversation(page.id, { lastInboundAt: new Date() });
  return { company: c, staff, page, conversation, token: await tokenFor(staff) };
}

describe("uploads belong to the company and user that made them", () => {
  it("records whose each upload is; another company can send it neither as an image, a file nor an offer; its own company can", async () => {
    const a = await company("Acme");
    const b = await company("Globex");
    const image = await upload(a.token, "images", [{ name: "photo.png", bytes: png() }]);
    const file = await upload(a.token, "files", [{ name: "invoice.pdf", bytes: PDF }]);
    const imageUrl: string = image.body.images[0].imageUrl;
    const fileUrl: string = file.body.files[0].fileUrl;
    expect(await db.upload.findUniqueOrThrow({ where: { name: nameOf(imageUrl) } })).toMatchObject({ companyId: a.company.id, userId: a.staff.id, bytes: png().length, mime: "image/png", usedAt: null });
    expect(await db.upload.findUniqueOrThrow({ where: { name: nameOf(fileUrl) } })).toMatchObject({ companyId: a.company.id, mime: "application/pdf" });

    const send = (w: typeof a, body: Record<string, unknown>) => call(sendRoute.POST, "POST", "/api/send-message", { token: w.token, body: { conversationId: w.conversation.id, pageId: w.page.id, ...body } });
    const foreignImage = await send(b, { message_type: "image", imageUrl });
    expect(foreignImage.status).toBe(400);
    expect(foreignImage.body.error).toBe(IMAGE_URL_REFUSED);
    const foreignFile = await send(b, { message_type: "file", fileUrl });
    expect(foreignFile.status).toBe(400);
    expect(foreignFile.body.error).toBe(FILE_URL_REFUSED);
    const schedule = (w: typeof a) => call(scheduleRoute.POST, "POST", "/api/offers/schedule", { token: w.token, body: { pageId: w.page.id, type: "image", tags: [], imageUrl } });
    const foreignOffer = await schedule(b);
    expect(foreignOffer.status).toBe(400);
    expect(foreignOffer.body.error).toBe(IMAGE_URL_REFUSED);
    expect(await db.message.count()).toBe(0);
    expect(await db.offer.count()).toBe(0);
    // Refused attempts do not count as a use.
    expect((await db.upload.findUniqueOrThrow({ where: { name: nameOf(imageUrl) } })).usedAt).toBeNull();

    expect((await schedule(a)).status).toBe(200);
    expect((await db.upload.findUniqueOrThrow({ where: { name: nameOf(imageUrl) } })).usedAt).not.toBeNull();
  });
});

describe("each user has an hourly upload quota", () => {
  it("refuses an upload past the quota with 429, Retry-After and a clear message, storing nothing; other users keep theirs", async () => {
    const a = await company("Acme");
    expect((await upload(a.token, "images", [{ name: "one.png", bytes: png(600 * KB) }])).status).toBe(200);
    const over = await upload(a.token, "images", [{ name: "two.png", bytes: png(600 * KB) }]);
    expect(over.status).toBe(429);
    const retryAfter = Number(over.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(over.body.message).toBe(uploadQuotaExceeded(1, retryAfter));
    expect(await db.upload.count({ where: { userId: a.staff.id } })).toBe(1);
    const colleague = await tokenFor(await makeUser("staff", a.company.id));
    expect((await upload(colleague, "files", [{ name: "a.pdf", bytes: PDF }])).status).toBe(200);
  });

  it("parallel uploads cannot overshoot it together", async () => {
    const a = await company("Acme");
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => upload(a.token, "images", [{ name: `p${i}.png`, bytes: png(300 * KB) }])));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(3);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(3);
    const rows = await db.upload.findMany({ where: { userId: a.staff.id } });
    expect(rows.reduce((sum, r) => sum + r.bytes, 0)).toBeLessThanOrEqual(1024 * KB);
  });

  it("a spent quota, or a declared size that cannot fit, is refused before a byte of the body is read", async () => {
    const a = await company("Acme");
    let pulled = 0;
    const never = () =>
      new ReadableStream<Uint8Array>(
        {
          pull() {
            pulled++;
            return new Promise(() => {}); // a body that never ends
          },
        },
        { highWaterMark: 0 },
      );
    const streamed = (contentLength: number) =>
      uploadRoute.POST(
        new Request("http://localhost/api/uploads", {
          method: "POST",
          body: never(),
          duplex: "half",
          headers: { authorization: `Bearer ${a.token}`, "content-type": "multipart/form-data; boundary=x", "content-length": String(contentLength) },
        } as RequestInit),
        { params: Promise.resolve({}) },
      );
    const tooBig = await streamed(3 * 1024 * KB);
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { message: string }).message).toBe(uploadLargerThanQuota(1));
    expect((await upload(a.token, "images", [{ name: "big.png", bytes: png(900 * KB) }])).status).toBe(200);
    expect((await streamed(300 * KB)).status).toBe(429);
    expect((await upload(a.token, "images", [{ name: "tiny.png", bytes: png() }])).status).toBe(200); // what is left still fits
    expect(pulled).toBe(0);
  });
});

describe("uploads never used are deleted by the worker's retention job", () => {
  it("deletes rows and files of unused uploads older than UPLOAD_RETENTION_DAYS (3); used and recent ones stay", async () => {
    const a = await company("Acme");
    const names: string[] = [];
    for (let i = 0; i < 4; i++) names.push(nameOf((await upload(a.token, "images", [{ name: `${i}.png`, bytes: png() }])).body.images[0].imageUrl));
    const [oldUnused, oldUsed, recent, recentUsed] = names as [string, string, string, string];
    const daysAgo = (n: number) => new Date(Date.now() - n * DAY_MS);
    await db.upload.updateMany({ where: { name: { in: [oldUnused, oldUsed] } }, data: { createdAt: daysAgo(4) } });
    await db.upload.update({ where: { name: recent }, data: { createdAt: daysAgo(2) } });
    await db.upload.updateMany({ where: { name: { in: [oldUsed, recentUsed] } }, data: { usedAt: new Date() } });

    const job = findJob(JOBS.pruneUploads.name);
    expect(job).toBeDefined();
    const result = (await job!.handle(job!.schema.parse({}) as never, {} as Job)) as { deleted: number };
    expect(result.deleted).toBe(1);
    expect((await db.upload.findMany({ select: { name: true } })).map((u) => u.name).sort()).toEqual([oldUsed, recent, recentUsed].sort());
    expect(stored(oldUnused)).toBe(false);
    for (const name of [oldUsed, recent, recentUsed]) expect(stored(name)).toBe(true);

    // A deleted upload cannot be sent any more.
    const send = await call(sendRoute.POST, "POST", "/api/send-message", { token: a.token, body: { conversationId: a.conversation.id, pageId: a.page.id, message_type: "image", imageUrl: `${env().APP_URL}/api/uploads/${oldUnused}` } });
    expect(send.status).toBe(400);
  });
});
