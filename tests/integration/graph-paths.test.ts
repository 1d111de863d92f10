import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { encryptSecret } from "@/server/security/secret-box";
import { GraphError } from "@/server/integrations/meta/graph-errors";
import { fetchProfile, sendSenderAction, uploadImageAttachment } from "@/server/integrations/meta/graph-client";
import { subscribeApp } from "@/server/integrations/meta/graph-pages";
import { makeCompany } from "./support/factory";
import { eventually, simGet, startChannel, type Channel } from "./support/channel";
import { body, fromCustomer, postSigned } from "./support/webhook-post";

// Issue 29, point 10: ids from Meta never shape a Graph path. A signed delivery whose PSID was
// "../../x" made the profile lookup request GET /x (the URL parser resolved the dot segments).

const PAGE_ID = "200000000000077";
const PAGE_TOKEN = "PAGE_TOKEN_for_graph_path_tests_0077";

let channel: Channel;
beforeEach(async () => {
  const company = await makeCompany("Acme");
  await db.page.create({ data: { companyId: company.id, name: "Path Shoes", facebookPageId: PAGE_ID, accessTokenEnc: encryptSecret(PAGE_TOKEN) } });
  channel = await startChannel([{ pageId: PAGE_ID, name: "Path Shoes", accessToken: PAGE_TOKEN }]);
});
afterEach(() => channel.close());

type Recorded = { method: string; path: string };

describe("Graph paths are built from checked ids only", () => {
  it("a signed delivery with PSID ../../x makes no Graph request outside a numeric node; a real PSID's profile is still read", async () => {
    channel.sim.state.customers.set(`${PAGE_ID}:5550000000000042`, { pageId: PAGE_ID, psid: "5550000000000042", firstName: "Rae", lastName: "Real", profileError: false, createdAt: Date.now() });
    const hostile = ["../../x", "../me/accounts", "5550001/../../debug_token", "%2e%2e%2fx"];
    const items = hostile.map((psid, i) => fromCustomer(PAGE_ID, psid, { message: { mid: `m_path_${i}_${Date.now()}`, text: "hi" } }));
    items.push(fromCustomer(PAGE_ID, "5550000000000042", { message: { mid: `m_path_ok_${Date.now()}`, text: "hello" } }));
    const res = await postSigned(channel.appUrl, body(PAGE_ID, ...items));
    expect(res.status).toBe(200);

    // Every customer the delivery made (however the parser treats odd PSIDs) has had its lookup attempt.
    await eventually(() => db.webhookEvent.count({ where: { processedAt: null } }), (n) => n === 0);
    const settled = await eventually(
      () => db.customer.findMany({ select: { psid: true, profileFetchedAt: true } }),
      (rows) => rows.some((r) => r.psid === "5550000000000042") && rows.every((r) => r.profileFetchedAt !== null),
    );
    expect(settled.every((r) => r.profileFetchedAt !== null)).toBe(true);
    expect((await db.customer.findFirstOrThrow({ where: { psid: "5550000000000042" } })).name).toBe("Rae Real");

    const requests = await simGet<Recorded[]>(channel.sim, "/sim/requests");
    expect(requests).toContainEqual(expect.objectContaining({ method: "GET", path: "/v25.0/5550000000000042" }));
    for (const request of requests) expect(request.path, `${request.method} ${request.path}`).toMatch(/^\/v\d+\.\d+\/\d+(\/[a-z_]+)?$/);
    expect(requests.filter((r) => !r.path.startsWith(`/v25.0/${PAGE_ID}/`) && r.path !== "/v25.0/5550000000000042")).toEqual([]);
  });
});

describe("the Graph client itself refuses ids that are not digits", () => {
  it("profile, sender action, attachment upload and subscription with a hostile id make no request at all", async () => {
    channel.sim.state.graphRequests.length = 0;
    const attempts = [
      () => fetchProfile("../../x", PAGE_TOKEN),
      () => sendSenderAction("../me", PAGE_TOKEN, "5550000000000042", "typing_on"),
      () => uploadImageAttachment(`${PAGE_ID}/../..`, PAGE_TOKEN, "https://example.test/x.png"),
      () => subscribeApp("me", PAGE_TOKEN),
    ];
    for (const attempt of attempts) await expect(attempt()).rejects.toBeInstanceOf(GraphError);
    expect(channel.sim.state.graphRequests).toEqual([]);
  });
});
