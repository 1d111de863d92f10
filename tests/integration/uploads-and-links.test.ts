import { describe, expect, it } from "vitest";
import * as uploadRoute from "@/app/api/uploads/route";
import * as uploadFileRoute from "@/app/api/uploads/[name]/route";
import * as urlsRoute from "@/app/api/urls/route";
import * as urlRoute from "@/app/api/urls/[id]/route";
import * as violatedRoute from "@/app/api/urls/violated/route";
import { db } from "@/server/db";
import { call } from "./support/http";
import { makeCompany, makeUser, tokenFor } from "./support/factory";

const PNG = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");

async function upload(token: string | undefined, files: { name: string; type: string; bytes: Buffer }[]) {
  const form = new FormData();
  for (const f of files) form.append("images", new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const res = await uploadRoute.POST(new Request("http://localhost/api/uploads", { method: "POST", body: form, headers }), { params: Promise.resolve({}) });
  return { status: res.status, body: await res.json() };
}

describe("POST /api/uploads", () => {
  it("stores real images under random names and serves them back", async () => {
    const user = await makeUser("staff", (await makeCompany()).id);
    const res = await upload(await tokenFor(user), [{ name: "photo.png", type: "image/png", bytes: PNG }]);
    expect(res.status).toBe(200);
    const url: string = res.body.images[0].imageUrl;
    const name = url.split("/").pop()!;
    expect(name).toMatch(/^[a-f0-9]{32}\.png$/);
    const served = await uploadFileRoute.GET(new Request(url), { params: Promise.resolve({ name }) });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it("refuses files that are not images whatever they claim, and requires a session", async () => {
    const token = await tokenFor(await makeUser("staff", (await makeCompany()).id));
    const fake = await upload(token, [{ name: "evil.png", type: "image/png", bytes: Buffer.from("<script>alert(1)</script>") }]);
    expect(fake.status).toBe(400);
    expect(fake.body.error).toBe("evil.png is not an image (JPEG, PNG, GIF or WebP)");
    expect((await upload(token, [])).status).toBe(400);
    expect((await upload(undefined, [{ name: "a.png", type: "image/png", bytes: PNG }])).status).toBe(401);
    const traversal = await uploadFileRoute.GET(new Request("http://localhost/api/uploads/x"), { params: Promise.resolve({ name: "../../etc/passwd" }) });
    expect(traversal.status).toBe(404);
  });
});

describe("an upload without Content-Length (security finding 10)", () => {
  it("is cut off once it passes the cap, never read whole into memory", async () => {
    const token = await tokenFor(await makeUser("staff", (await makeCompany()).id));
    const chunk = new Uint8Array(1024 * 1024);
    let pulled = 0;
    let cancelled = false;
    // An endless chunked body: the route must stop pulling soon after the cap (10 files × 8 MB + 1 MB).
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
      cancel() {
        cancelled = true;
      },
    });
    const request = new Request("http://localhost/api/uploads", {
      method: "POST",
      body: endless,
      headers: { authorization: `Bearer ${token}`, "content-type": "multipart/form-data; boundary=x" },
      duplex: "half",
    } as RequestInit);
    const res = await uploadRoute.POST(request, { params: Promise.resolve({}) });
    expect(res.status).toBe(413);
    expect((await res.json()).error).toBe("Upload is too large");
    expect(cancelled).toBe(true);
    expect(pulled).toBeLessThan(90 * 1024 * 1024);
  });
});

describe("/api/urls whitelist and violation log", () => {
  it("lets company admins and admins manage their company's patterns, with the spec's validation", async () => {
    const company = await makeCompany();
    const owner = await tokenFor(await makeUser("company_admin", company.id, { name: "Olivia" }));
    const admin = await tokenFor(await makeUser("admin", company.id));
    const staff = await tokenFor(await makeUser("staff", company.id));

    const created = await call(urlsRoute.POST, "POST", "/api/urls", { token: owner, body: { url: "  *@acme.com " } });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ url: "*@acme.com", type: "Email Domain", createdBy: "Olivia" });
    expect((await call(urlsRoute.POST, "POST", "/api/urls", { token: admin, body: { url: "https://acme.com/docs/*" } })).body.type).toBe("URL Wildcard");
    expect((await call(urlsRoute.POST, "POST", "/api/urls", { token: admin, body: { url: "*@acme.com" } })).status).toBe(409);
    const invalid = await call(urlsRoute.POST, "POST", "/api/urls", { token: admin, body: { url: "not a url" } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.fields.url).toBe("Please enter a valid URL, domain, email domain pattern (*@domain.com), or URL wildcard ({host}/*)");
    expect((await call(urlsRoute.GET, "GET", "/api/urls", { token: staff })).status).toBe(403);

    const list = await call(urlsRoute.GET, "GET", "/api/urls", { token: admin });
    expect(list.body.map((e: { url: string }) => e.url)).toEqual(["https://acme.com/docs/*", "*@acme.com"]);
    const id = created.body._id;
    const updated = await call(urlRoute.PUT, "PUT", `/api/urls/${id}`, { token: admin, params: { id }, body: { url: "acme.com" } });
    expect(updated.body).toMatchObject({ url: "acme.com", type: "Domain" });
    expect((await call(urlRoute.DELETE, "DELETE", `/api/urls/${id}`, { token: owner, params: { id } })).body).toEqual({ success: true });
    expect(await db.whitelistEntry.count()).toBe(1);
  });

  it("hides one company's patterns and violations from another", async () => {
    const acme = await makeCompany();
    const globex = await makeCompany();
    const acmeOwner = await tokenFor(await makeUser("company_admin", acme.id));
    const globexOwner = await tokenFor(await makeUser("company_admin", globex.id));
    const entry = await call(urlsRoute.POST, "POST", "/api/urls", { token: acmeOwner, body: { url: "acme.com" } });
    const id = entry.body._id;
    await db.violation.create({ data: { companyId: acme.id, userName: "Sara", pageName: "Shoes", urls: ["evil.com"], message: "go to evil.com" } });

    expect((await call(urlsRoute.GET, "GET", "/api/urls", { token: globexOwner })).body).toEqual([]);
    expect((await call(urlRoute.PUT, "PUT", `/api/urls/${id}`, { token: globexOwner, params: { id }, body: { url: "globex.com" } })).status).toBe(404);
    expect((await call(urlRoute.DELETE, "DELETE", `/api/urls/${id}`, { token: globexOwner, params: { id } })).status).toBe(404);
    expect((await call(violatedRoute.GET, "GET", "/api/urls/violated", { token: globexOwner })).body).toEqual([]);
    const acmeLog = await call(violatedRoute.GET, "GET", "/api/urls/violated", { token: acmeOwner });
    expect(acmeLog.body).toEqual([expect.objectContaining({ urls: ["evil.com"], message: "go to evil.com", user: { _id: null, name: "Sara" }, page: { _id: null, name: "Shoes" } })]);
    expect(await db.whitelistEntry.count()).toBe(1);
  });
});
