import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { encryptSecret } from "@/server/security/secret-box";
import * as uploadsRoute from "@/app/api/uploads/route";
import * as uploadRoute from "@/app/api/uploads/[name]/route";
import * as sendRoute from "@/app/api/send-message/route";
import * as senderActionRoute from "@/app/api/conversations/sender-action/route";
import * as markReadRoute from "@/app/api/conversations/mark-read/route";
import { call } from "./support/http";
import { makeCompany, makeUser, tokenFor } from "./support/factory";
import { eventually, simGet, simPost, startChannel, type Channel } from "./support/channel";

// Outbound beyond text and image: an agent sends a voice note, a video or a file (Send API attachment types
// audio/video/file, from our own uploads only), and the sender actions typing_on/typing_off/mark_seen —
// all inside the messaging window only (docs/META.md).

const PAGE_ID = "200000000000021";
const TOKEN = "PAGE_TOKEN_for_outbound_media_01";
const PDF = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(300, 0x20)]);
const WAV = Buffer.concat([Buffer.from("RIFF"), Buffer.alloc(4), Buffer.from("WAVEfmt "), Buffer.alloc(100)]);

let channel: Channel;
let token: string;
let page: { id: string };
let psid: string;

beforeEach(async () => {
  const company = await makeCompany("Out");
  const staff = await makeUser("staff", company.id);
  page = await db.page.create({ data: { companyId: company.id, name: "Out Page", facebookPageId: PAGE_ID, accessTokenEnc: encryptSecret(TOKEN) } });
  await db.pageAssignment.create({ data: { userId: staff.id, pageId: page.id } });
  token = await tokenFor(staff);
  channel = await startChannel([{ pageId: PAGE_ID, name: "Out Page", accessToken: TOKEN }]);
  psid = (await simPost<{ psid: string }>(channel.sim, "/sim/customers", { pageId: PAGE_ID, firstName: "Olga", lastName: "Out" })).psid;
});

afterEach(async () => {
  await channel.close();
});

async function conversationAfterWriting(text = "Can you send the invoice?") {
  await simPost(channel.sim, "/sim/messages", { pageId: PAGE_ID, psid, text });
  return (await eventually(() => db.conversation.findFirst({ where: { customer: { psid } } }), (c) => Boolean(c?.lastInboundAt)))!;
}

async function upload(name: string, type: string, bytes: Buffer) {
  const form = new FormData();
  form.append("files", new File([new Uint8Array(bytes)], name, { type }));
  const res = await uploadsRoute.POST(new Request("http://localhost/api/uploads", { method: "POST", headers: { authorization: `Bearer ${token}`, "x-switchboard-client-ip": "10.0.0.1" }, body: form }));
  return { status: res.status, body: (await res.json()) as { files?: { fileUrl: string; name: string; type: string; mime: string }[]; message?: string } };
}

describe("an agent sends files", () => {
  it("a PDF: uploaded (sniffed), sent as a Send API file attachment, shown in the thread with its name", async () => {
    const conversation = await conversationAfterWriting();
    const up = await upload("Invoice 42.pdf", "application/pdf", PDF);
    expect(up.status).toBe(200);
    expect(up.body.files).toEqual([expect.objectContaining({ name: "Invoice 42.pdf", type: "file", mime: "application/pdf" })]);
    const file = up.body.files![0]!;

    // Served as a download, never rendered as a page of ours.
    const served = await uploadRoute.GET(new Request(file.fileUrl), { params: Promise.resolve({ name: file.fileUrl.split("/").pop()! }) });
    expect(served.headers.get("content-disposition")).toBe("attachment");
    expect(served.headers.get("content-type")).toBe("application/pdf");

    const sent = await call(sendRoute.POST, "POST", "/api/send-message", { token, body: { conversationId: conversation.id, pageId: page.id, message_type: "file", fileUrl: file.fileUrl, fileName: file.name } });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ kind: "file", direction: "outbound", media: [{ type: "file", name: "Invoice 42.pdf", url: file.fileUrl }] });
    const atMeta = await simGet<{ messagingType: string; content: { attachment?: { type: string; url: string } } }[]>(channel.sim, `/sim/sent?pageId=${PAGE_ID}&psid=${psid}`);
    expect(atMeta.at(-1)).toMatchObject({ messagingType: "RESPONSE", content: { attachment: { type: "file", url: file.fileUrl } } });
    expect((await db.conversation.findUniqueOrThrow({ where: { id: conversation.id } })).lastMessageText).toBe("File: Invoice 42.pdf");
  });

  it("a voice note goes out as audio; an unknown file type, a foreign URL and text beside a file are refused", async () => {
    const conversation = await conversationAfterWriting();
    const voice = (await upload("note.wav", "audio/wav", WAV)).body.files![0]!;
    const sent = await call(sendRoute.POST, "POST", "/api/send-message", { token, body: { conversationId: conversation.id, pageId: page.id, message_type: "audio", fileUrl: voice.fileUrl } });
    expect(sent.body).toMatchObject({ kind: "audio", media: [{ type: "audio" }] });

    const exe = await upload("tool.exe", "application/octet-stream", Buffer.from("MZ\x90\x00 not a document"));
    expect(exe).toMatchObject({ status: 400, body: { message: "This file type cannot be sent on Messenger (PDF, ZIP, audio or video)" } });
    const foreign = await call(sendRoute.POST, "POST", "/api/send-message", { token, body: { conversationId: conversation.id, pageId: page.id, message_type: "file", fileUrl: "http://169.254.169.254/latest" } });
    expect(foreign).toMatchObject({ status: 400, body: { message: "Files can only be sent from this app's uploads" } });
    const withText = await call(sendRoute.POST, "POST", "/api/send-message", { token, body: { conversationId: conversation.id, pageId: page.id, message_type: "file", fileUrl: voice.fileUrl, text: "hi" } });
    expect(withText.status).toBe(400);
  });
});

describe("sender actions", () => {
  const actions = () => simGet<{ action: string }[]>(channel.sim, `/sim/sender-actions?pageId=${PAGE_ID}&psid=${psid}`);

  it("typing_on/typing_off inside the window; mark_seen when an agent opens unread messages", async () => {
    const conversation = await conversationAfterWriting();
    expect(conversation.unreadCount).toBe(1);
    const ref = { conversationId: conversation.id, pageId: page.id };
    expect((await call(senderActionRoute.POST, "POST", "/api/conversations/sender-action", { token, body: { ...ref, action: "typing_on" } })).body).toEqual({ sent: true, reason: null });
    await call(senderActionRoute.POST, "POST", "/api/conversations/sender-action", { token, body: { ...ref, action: "typing_off" } });
    await call(markReadRoute.PUT, "PUT", "/api/conversations/mark-read", { token, body: ref });
    await eventually(actions, (list) => list.length === 3);
    expect((await actions()).map((a) => a.action)).toEqual(["typing_on", "typing_off", "mark_seen"]);
    // Opening it again with nothing unread sends nothing more.
    await call(markReadRoute.PUT, "PUT", "/api/conversations/mark-read", { token, body: ref });
    await new Promise((r) => setTimeout(r, 100));
    expect(await actions()).toHaveLength(3);
  });

  it("outside the 24 h window nothing is sent, and the answer says why", async () => {
    const conversation = await conversationAfterWriting();
    await db.conversation.update({ where: { id: conversation.id }, data: { lastInboundAt: new Date(Date.now() - 2 * 86_400_000) } });
    const res = await call(senderActionRoute.POST, "POST", "/api/conversations/sender-action", { token, body: { conversationId: conversation.id, pageId: page.id, action: "typing_on" } });
    expect(res.body).toEqual({ sent: false, reason: "Sender actions are only sent within 24 hours of the customer's last message" });
    expect(await actions()).toEqual([]);
  });
});
