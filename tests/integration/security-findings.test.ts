import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/server/db";
import * as notesRoute from "@/app/api/notes/route";
import * as labelRoute from "@/app/api/labels/[id]/route";
import * as listRoute from "@/app/api/conversations/[pageId]/route";
import * as threadRoute from "@/app/api/conversation/[conversationId]/[pageId]/route";
import * as sendRoute from "@/app/api/send-message/route";
import * as offersRoute from "@/app/api/offers/route";
import * as scheduleRoute from "@/app/api/offers/schedule/route";
import * as markImportantRoute from "@/app/api/conversations/mark-important/route";
import * as markReadRoute from "@/app/api/conversations/mark-read/route";
import * as repliesRoute from "@/app/api/replies/route";
import * as replyRoute from "@/app/api/replies/[id]/route";
import * as pagesMeRoute from "@/app/api/pages/me/route";
import { settlePath } from "@/server/http/request-guard";
import { searchConversationIds } from "@/server/services/conversations/search-conversations";
import { IMAGE_URL_REFUSED } from "@/server/services/uploads/sendable-image";
import { call } from "./support/http";
import { makeCompany, makePage, makeUpload, makeUser, tokenFor } from "./support/factory";
import { makeConversation, makeMessages } from "./support/inbox-factory";

// Findings of the outside attack (issue 12) that are not covered by the generated route matrix and fuzz
// tests: each failed before its fix.

async function inbox() {
  const company = await makeCompany();
  const staff = await makeUser("staff", company.id);
  const page = await makePage(company.id, [staff.id]);
  const { conversation, customer } = await makeConversation(page.id, { lastInboundAt: new Date() });
  return { company, staff, page, conversation, customer, token: await tokenFor(staff) };
}

describe("bad input is a 400, never a 500 (finding 4)", () => {
  it("a NUL byte in a body, a query or a path id is refused and nothing is stored", async () => {
    const w = await inbox();
    const note = await call(notesRoute.POST, "POST", "/api/notes", { token: w.token, body: { pageId: w.page.id, conversationId: w.conversation.id, note: "a\u0000b" } });
    expect(note.status).toBe(400);
    expect(note.body.fields.note).toBe("must not contain NUL characters");
    expect(await db.note.count()).toBe(0);

    const label = await call(labelRoute.GET, "GET", "/api/labels/x", { token: w.token, params: { id: "\u0000" } });
    expect(label.status).toBe(400);
    const search = await call(listRoute.GET, "GET", "/api/conversations/x", { token: w.token, params: { pageId: w.page.id }, query: { search: "hi\u0000" } });
    expect(search.status).toBe(400);
    const flagged = await call(markImportantRoute.POST, "POST", "/api/conversations/mark-important", { token: w.token, body: { pageId: w.page.id, conversationId: `${w.conversation.id}\u0000` } });
    expect(flagged.status).toBe(400);
    const key = await call(notesRoute.POST, "POST", "/api/notes", { token: w.token, body: { pageId: w.page.id, conversationId: w.conversation.id, note: "ok", ["x\u0000"]: 1 } });
    expect(key.status).toBe(400);
  });

  it("crafted keyset cursors (bad id part, dates Postgres cannot hold) are refused", async () => {
    const w = await inbox();
    const cursors = [
      Buffer.from(`1700000000000:${"-".repeat(36)}`).toString("base64url"),
      Buffer.from(`1700000000000:zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz`).toString("base64url"),
      Buffer.from(`8640000000000000:${randomUUID()}`).toString("base64url"),
      Buffer.from(`-8640000000000000:${randomUUID()}`).toString("base64url"),
      Buffer.from(`1e3:${randomUUID()}`).toString("base64url"),
      "%%%",
    ];
    for (const cursor of cursors) {
      const list = await call(listRoute.GET, "GET", "/api/conversations/x", { token: w.token, params: { pageId: w.page.id }, query: { cursor } });
      expect(list.status, cursor).toBe(400);
      for (const side of ["after", "before"]) {
        const thread = await call(threadRoute.GET, "GET", "/api/conversation/x/y", { token: w.token, params: { conversationId: w.conversation.id, pageId: w.page.id }, query: { [side]: cursor } });
        expect(thread.status, `${side} ${cursor}`).toBe(400);
        expect(thread.body.error).toBe("Invalid cursor");
      }
    }
  });

  it("an offers date Postgres cannot hold is refused", async () => {
    const company = await makeCompany();
    const admin = await makeUser("company_admin", company.id);
    const token = await tokenFor(admin);
    for (const from of ["0000-01-01", "0001-01-01", "275760-09-13", "+275760-09-13T00:00:00Z"]) {
      const res = await call(offersRoute.GET, "GET", "/api/offers", { token, query: { from } });
      expect(res.status, from).toBe(400);
    }
    expect((await call(offersRoute.GET, "GET", "/api/offers", { token, query: { from: "2026-01-01" } })).status).toBe(200);
  });

  it("a path with broken percent-encoding gets a JSON 400 from the server, not Next's plain-text 500", async () => {
    const server = createServer((req, res) => {
      if (settlePath(req, res) === null) return;
      res.end("passed");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const bad = await fetch(`${base}/api/pages/%zz`);
      expect(bad.status).toBe(400);
      expect(bad.headers.get("content-type")).toContain("application/json");
      expect((await bad.json()).message).toBe("The request path has invalid percent-encoding");
      expect(await (await fetch(`${base}/api/pages/%41b?q=%zz`)).text()).toBe("passed");
    } finally {
      server.close();
    }
  });
});

describe("images go only to our uploads or approved sites (finding 6)", () => {
  it("send-message refuses foreign and internal image URLs and a text message carrying one", async () => {
    const w = await inbox();
    const send = (body: Record<string, unknown>) =>
      call(sendRoute.POST, "POST", "/api/send-message", { token: w.token, body: { conversationId: w.conversation.id, pageId: w.page.id, ...body } });
    for (const imageUrl of [
      "https://tracker.example.net/pixel.gif",
      "http://127.0.0.1:6379/x.png",
      "http://169.254.169.254/latest/meta-data/",
      "http://localhost:3000/api/uploads/0123456789abcdef0123456789abcdef.png", // our shape, another origin
      `${process.env.APP_URL ?? "http://localhost:3000"}/api/uploads/0123456789abcdef0123456789abcdef.png`, // not stored
    ]) {
      const res = await send({ message_type: "image", imageUrl });
      expect(res.status, imageUrl).toBe(400);
      expect(res.body.error).toBe(IMAGE_URL_REFUSED);
    }
    const textWithImage = await send({ message_type: "text", text: "hello", imageUrl: await makeUpload(w.staff) });
    expect(textWithImage.status).toBe(400);
    expect(textWithImage.body.fields.imageUrl).toBe("A text message cannot carry an imageUrl");
    expect(await db.message.count()).toBe(0);
  });

  it("offers refuse a foreign image and accept an approved site's", async () => {
    const company = await makeCompany();
    const admin = await makeUser("company_admin", company.id);
    const page = await makePage(company.id);
    const token = await tokenFor(admin);
    const schedule = (imageUrl: string) => call(scheduleRoute.POST, "POST", "/api/offers/schedule", { token, body: { pageId: page.id, type: "image", tags: [], imageUrl } });
    expect((await schedule("https://cdn.partner.example/a.png")).status).toBe(400);
    await db.whitelistEntry.create({ data: { companyId: company.id, url: "cdn.partner.example", createdById: admin.id } });
    expect((await schedule("https://cdn.partner.example/a.png")).status).toBe(200);
    expect((await schedule("http://10.0.0.5/a.png")).status).toBe(400);
    expect(await db.offer.count()).toBe(1);
  });
});

describe("the inbox follows its documented roles: the super admin has none of it (finding 8)", () => {
  it("thread, notes, send-message, mark-*, replies and the page list answer 403 to the super admin", async () => {
    const w = await inbox();
    const root = await tokenFor(await makeUser("super_admin", null));
    const ref = { pageId: w.page.id, conversationId: w.conversation.id };
    const calls = [
      call(threadRoute.GET, "GET", "/api/conversation/x/y", { token: root, params: ref }),
      call(listRoute.GET, "GET", "/api/conversations/x", { token: root, params: { pageId: w.page.id } }),
      call(notesRoute.GET, "GET", "/api/notes", { token: root, query: ref }),
      call(notesRoute.POST, "POST", "/api/notes", { token: root, body: { ...ref, note: "hi" } }),
      call(sendRoute.POST, "POST", "/api/send-message", { token: root, body: { ...ref, text: "hi" } }),
      call(markImportantRoute.POST, "POST", "/api/conversations/mark-important", { token: root, body: ref }),
      call(markReadRoute.PUT, "PUT", "/api/conversations/mark-read", { token: root, body: ref }),
      call(repliesRoute.POST, "POST", "/api/replies", { token: root, body: { shortcut: "hello", message: "Hi", page_id: w.page.id } }),
      call(replyRoute.GET, "GET", "/api/replies/x", { token: root, params: { id: w.page.id } }),
      call(pagesMeRoute.GET, "GET", "/api/pages/me", { token: root }),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(403);
    expect(await db.note.count()).toBe(0);
    expect(await db.message.count()).toBe(0);
  });
});

describe("search time depends only on the searched page (finding 9)", () => {
  it("another company's messages do not change which plan a search runs", async () => {
    const w = await inbox();
    await makeMessages(w.conversation.id, w.customer.psid, 3);
    await db.message.updateMany({ where: { conversationId: w.conversation.id }, data: { text: "the zebracorn arrived" } });
    const input = { pageId: w.page.id, term: "zebracorn", isSpam: false, isImportant: false, tags: [], cursor: null, offset: 0, take: 16 };
    const before = await searchConversationIds(input);

    // Another company's page fills up with the same word, far beyond every cap of the search.
    const other = await inbox();
    await makeMessages(other.conversation.id, other.customer.psid, 300);
    await db.message.updateMany({ where: { conversationId: other.conversation.id }, data: { text: "zebracorn zebracorn" } });
    const after = await searchConversationIds(input);

    expect(after).toEqual(before);
    expect(after.ids).toEqual([w.conversation.id]);
  });
});
