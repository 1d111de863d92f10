import { db } from "../server/db";
import { DEMO_PAGES } from "../prisma/seed-data";

// Keeps the demo inbox alive across restarts of `npm run dev`: the simulator (in memory) learns the
// customers the database already has, and a fresh database gets a few conversations written through the
// simulator, exactly as customers on Facebook would.

const DEMO_CUSTOMERS = [
  { firstName: "Maya", lastName: "Chen", messages: ["Hi! Is the spring offer still on?", "I'd like the red ones in size 38."] },
  { firstName: "Leo", lastName: "Garcia", messages: ["My order arrived, thanks, that fixed it!"] },
  { firstName: "Priya", lastName: "Nair", messages: ["Can I change my delivery date?"] },
  { firstName: "Tomás", lastName: "Silva", messages: ["Do you ship to Porto?", "And how long does it take?"] },
];

async function post(simulatorUrl: string, path: string, body: unknown) {
  const res = await fetch(`${simulatorUrl}${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`simulator ${path} answered ${res.status}: ${await res.text()}`);
  return res.json() as Promise<{ psid?: string }>;
}

export async function prepareDemoInbox(simulatorUrl: string): Promise<void> {
  const known = await db.customer.findMany({ include: { page: { select: { facebookPageId: true } }, conversation: { select: { lastInboundAt: true } } } });
  for (const customer of known) {
    const [firstName, ...rest] = customer.name.split(" ");
    await post(simulatorUrl, "/sim/customers", {
      pageId: customer.page.facebookPageId,
      psid: customer.psid,
      firstName: firstName || "Customer",
      lastName: rest.join(" "),
      lastMessageAt: customer.conversation?.lastInboundAt?.getTime(),
    });
  }
  if (known.length) return;

  for (const [i, person] of DEMO_CUSTOMERS.entries()) {
    const page = DEMO_PAGES[i % DEMO_PAGES.length]!;
    const { psid } = await post(simulatorUrl, "/sim/customers", { pageId: page.facebookPageId, firstName: person.firstName, lastName: person.lastName });
    for (const text of person.messages) await post(simulatorUrl, "/sim/messages", { pageId: page.facebookPageId, psid, text });
  }
}
