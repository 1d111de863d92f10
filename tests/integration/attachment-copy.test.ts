import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import * as attachmentRoute from "@/app/api/attachments/[key]/route";
import * as threadRoute from "@/app/api/conversation/[conversationId]/[pageId]/route";
import { queue } from "@/server/queue/index";
import { COPY_ATTEMPTS } from "@/server/services/attachments/queue";
import { safeFetch } from "@/server/integrations/safe-fetch";
import { processPendingWebhookEvents } from "@/server/services/inbound/process-webhook";
import { copyAttachmentsJob } from "@/workers/jobs/copy-attachments";
import type { StoredAttachment } from "@/lib/inbox/message-kinds";
import { call } from "./support/http";
import { eventually, openSocket } from "./support/channel";
import { makeCompany, makePage, makeUser, tokenFor } from "./support/factory";
import { makeConversation } from "./support/inbox-factory";
import { body, fromCustomer, postSigned } from "./support/webhook-post";
import { startRealServer } from "./support/real-server";

// The worker keeps a copy of each inbound attachment (Meta's URLs expire): fetched only from allowed hosts
// (127.0.0.1 is on the test allow-list by name, as the simulator's host; GRAPH_API_URL), never from a
// private address otherwise, capped at 25 MB, retried when the fetch failed, served only by signed URL.

const M4A = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from("ftypM4A \0\0\0\0isomM4A mp42"), Buffer.alloc(64, 1)]);
const PDF = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(200, 0x20)]);
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from("ftypisom\0\0\0\0isomiso2mp41"), Buffer.alloc(64, 2)]);

let cdn: Server;
let cdnUrl: string;
let failuresLeft = 0;
let app: Awaited<ReturnType<typeof startRealServer>>;
let page: Awaited<ReturnType<typeof makePage>>;
let person: Awaited<ReturnType<typeof makeConversation>>;
let token: string;

beforeEach(async () => {
  failuresLeft = 0;
  cdn = createServer((req, res) => {
    const path = req.url!.split("?")[0];
    if (path === "/voice.m4a") return void res.writeHead(200, { "content-type": "text/html" }).end(M4A); // the type it claims is not trusted
    if (path === "/doc.pdf") return void res.writeHead(200).end(PDF);
    if (path === "/reel.mp4") return void res.writeHead(200).end(MP4);
    if (path === "/flaky.pdf") {
      if (failuresLeft-- > 0) return void res.writeHead(503).end();
      return void res.writeHead(200).end(PDF);
    }
    if (path === "/hop") return void res.writeHead(302, { location: "/doc.pdf" }).end();
    if (path === "/escape") return void res.writeHead(302, { location: `http://localhost:${(cdn.address() as AddressInfo).port}/doc.pdf` }).end();
    if (path === "/huge-declared") return void res.writeHead(200, { "content-length": String(26 * 1024 * 1024) }).end();
    if (path === "/huge-streamed") {
      // No Content-Length: the cap must hold while the bytes stream in.
      res.writeHead(200);
      const chunk = Buffer.alloc(1024 * 1024, 7);
      let sent = 0;
      const pump = () => {
        while (sent < 30 && res.write(chunk)) sent++;
        if (sent < 30) res.once("drain", pump);
        else res.end();
      };
      res.on("error", () => {});
      return pump();
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => cdn.listen(0, "127.0.0.1", resolve));
  cdnUrl = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}`;

  const company = await makeCompany();
  const staff = await makeUser("staff", company.id);
  page = await makePage(company.id, [staff.id]);
  token = await tokenFor(staff);
  person = await makeConversation(page.id, { unread: 0 });
  app = await startRealServer({ realtime: true });
});

// The copy jobs the ingest queues hold a Redis connection of their own.
afterAll(async () => {
  await queue().close();
});

afterEach(async () => {
  await app.close();
  cdn.closeAllConnections();
  await new Promise((resolve) => cdn.close(resolve));
});

let seq = 0;
/** An inbound message with these attachments, through the webhook and the ingest; its stored row. */
async function inbound(attachments: { type: string; url: string }[]) {
  const mid = `m_copy_${++seq}_${Date.now()}`;
  const item = fromCustomer(page.facebookPageId, person.customer.psid, { message: { mid, attachments: attachments.map((a) => ({ type: a.type, payload: { url: a.url } })) } });
  expect((await postSigned(app.url, body(page.facebookPageId, item))).status).toBe(200);
  await processPendingWebhookEvents();
  return db.message.findUniqueOrThrow({ where: { mid } });
}

const runJob = (messageId: string) => copyAttachmentsJob.handle({ messageId }, {} as never);
const attachmentsOf = async (id: string) => (await db.message.findUniqueOrThrow({ where: { id } })).attachments as StoredAttachment[];

async function threadMessage(mid: string) {
  const res = await call(threadRoute.GET, "GET", "/api/conversation/x/y", { token, params: { conversationId: person.conversation.id, pageId: page.id } });
  return (res.body.data as { mid: string; media: { url: string; stored: boolean; original_url: string; mime: string | null }[] }[]).find((m) => m.mid === mid)!;
}

describe("copying from an allowed host", () => {
  it("queues a copy job for the new message, copies with the sniffed type, serves it by signed URL and tells the open thread", async () => {
    const socket = await openSocket(app.url, token);
    await socket.emit("join-conversation", { room: person.conversation.id });
    const message = await inbound([{ type: "audio", url: `${cdnUrl}/voice.m4a?oh=expiring` }]);
    const job = await queue().getJob(`copy-${message.id}`);
    expect(job).toMatchObject({ name: "copy-attachments", data: { messageId: message.id }, opts: { attempts: COPY_ATTEMPTS, backoff: { type: "exponential", delay: 5000 } } });

    expect(await runJob(message.id)).toEqual({ copied: 1, refused: 0 });
    const [copied] = await attachmentsOf(message.id);
    expect(copied).toMatchObject({ type: "audio", url: `${cdnUrl}/voice.m4a?oh=expiring`, mime: "audio/mp4", size: M4A.length, storedKey: expect.stringMatching(/^[a-f0-9]{32}$/) });

    const shown = await threadMessage(message.mid!);
    expect(shown.media[0]).toMatchObject({ stored: true, original_url: `${cdnUrl}/voice.m4a?oh=expiring`, mime: "audio/mp4" });
    const live = await eventually(() => socket.events.find((e) => e.name === "message-updated"), Boolean);
    expect((live!.payload as { message: { media: { stored: boolean }[] } }).message.media[0]!.stored).toBe(true);
    socket.close();

    const url = new URL(shown.media[0]!.url);
    const ok = await attachmentRoute.GET(new Request(`http://localhost${url.pathname}${url.search}`), { params: Promise.resolve({ key: url.pathname.split("/").pop()! }) });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("audio/mp4");
    expect(Buffer.from(await ok.arrayBuffer())).toEqual(M4A);
    const forged = new URL(url);
    forged.searchParams.set("sig", "A".repeat(43));
    const refused = await attachmentRoute.GET(new Request(`http://localhost${forged.pathname}${forged.search}`), { params: Promise.resolve({ key: url.pathname.split("/").pop()! }) });
    expect(refused.status).toBe(404);
    const expired = new URL(url);
    expired.searchParams.set("expires", "1000");
    expect((await attachmentRoute.GET(new Request(`http://localhost${expired.pathname}${expired.search}`), { params: Promise.resolve({ key: url.pathname.split("/").pop()! }) })).status).toBe(404);
  });

  it("follows a redirect on the same allowed host, and serves a file that is not media as a download", async () => {
    const message = await inbound([{ type: "file", url: `${cdnUrl}/hop` }]);
    await runJob(message.id);
    const [copied] = await attachmentsOf(message.id);
    expect(copied).toMatchObject({ mime: "application/pdf", size: PDF.length });
  });
});

describe("reels are copied like videos; posts and bookings have no file", () => {
  it("a reel's video is kept and served as video; a shared post is never fetched", async () => {
    const reel = await inbound([{ type: "reel", url: `${cdnUrl}/reel.mp4?oe=expiring` }]);
    expect(await queue().getJob(`copy-${reel.id}`)).toBeTruthy();
    expect(await runJob(reel.id)).toEqual({ copied: 1, refused: 0 });
    expect((await threadMessage(reel.mid!)).media[0]).toMatchObject({ stored: true, mime: "video/mp4", original_url: `${cdnUrl}/reel.mp4?oe=expiring` });

    const post = await inbound([{ type: "post", url: `${cdnUrl}/doc.pdf` }]);
    expect(await queue().getJob(`copy-${post.id}`)).toBeUndefined();
    expect(await runJob(post.id)).toEqual({ copied: 0, refused: 0 });
    expect((await threadMessage(post.mid!)).media[0]).toMatchObject({ stored: false, url: `${cdnUrl}/doc.pdf` });
  });
});

describe("refusals keep the original URL and stop", () => {
  it("a host not on the allow-list, and a redirect that leaves it, are refused for good", async () => {
    const port = (cdn.address() as AddressInfo).port;
    const message = await inbound([
      { type: "file", url: `http://localhost:${port}/doc.pdf` },
      { type: "file", url: `${cdnUrl}/escape` },
    ]);
    expect(await runJob(message.id)).toEqual({ copied: 0, refused: 2 });
    const [direct, redirected] = await attachmentsOf(message.id);
    expect(direct).toMatchObject({ url: `http://localhost:${port}/doc.pdf`, copyError: "localhost is not an allowed attachment host" });
    expect(redirected!.copyError).toBe("localhost is not an allowed attachment host");
    expect(direct!.storedKey).toBeUndefined();
    expect((await threadMessage(message.mid!)).media.map((m) => [m.stored, m.url])).toEqual([[false, `http://localhost:${port}/doc.pdf`], [false, `${cdnUrl}/escape`]]);
  });

  it("a private or loopback address is refused unless the allow-list names that exact host", async () => {
    const port = (cdn.address() as AddressInfo).port;
    // ".localhost" allows the domain but does not name the host: its loopback address is refused.
    await expect(safeFetch(`https://localhost:${port}/doc.pdf`, { allowList: [".localhost"] })).rejects.toThrow(/private address \((127\.0\.0\.1|::1)\)/);
    await expect(safeFetch(`https://10.1.2.3/x`, { allowList: [".1.2.3"] })).rejects.toThrow(/not an allowed attachment host|private address/);
    await expect(safeFetch(`http://169.254.169.254/latest/meta-data`, { allowList: [".fbcdn.net"] })).rejects.toThrow(/not an allowed/);
    await expect(safeFetch(`http://scontent.xx.fbcdn.net/x`, { allowList: [".fbcdn.net"] })).rejects.toThrow(/over https/);
    // Named exactly (the simulator in dev/test): allowed.
    expect((await safeFetch(`http://localhost:${port}/doc.pdf`, { allowList: ["localhost"] })).bytes).toEqual(PDF);
  });

  it("a file over 25 MB is refused, whether it says so up front or only while streaming", async () => {
    const message = await inbound([
      { type: "video", url: `${cdnUrl}/huge-declared` },
      { type: "video", url: `${cdnUrl}/huge-streamed` },
    ]);
    expect(await runJob(message.id)).toEqual({ copied: 0, refused: 2 });
    expect((await attachmentsOf(message.id)).map((a) => a.copyError)).toEqual(["larger than 25 MB (27262976 bytes)", "larger than 25 MB"]);
  });
});

describe("a failed fetch", () => {
  it("throws so BullMQ retries with backoff; the retry copies it and the thread switches to the copy", async () => {
    failuresLeft = 1;
    const message = await inbound([{ type: "file", url: `${cdnUrl}/flaky.pdf` }]);
    await expect(runJob(message.id)).rejects.toThrow("HTTP 503");
    expect((await threadMessage(message.mid!)).media[0]).toMatchObject({ stored: false, url: `${cdnUrl}/flaky.pdf` });
    expect(await runJob(message.id)).toEqual({ copied: 1, refused: 0 });
    expect((await threadMessage(message.mid!)).media[0]).toMatchObject({ stored: true, mime: "application/pdf" });
  });
});
