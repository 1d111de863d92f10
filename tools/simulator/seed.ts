import type { SimContext } from "./context";
import { parseInput, ZCreateCustomer, ZRegisterPage } from "./control/schemas";
import { addComment, publishPost } from "./feed";
import { numericId } from "./ids";
import type { SimulatorOptions } from "./options";
import { customerKey, type SimPage } from "./state";

// Pages and customers given to createSimulator, validated like the same calls over HTTP; with demoFeed, a
// post to show comments on.

export function seedState(sim: SimContext, options: SimulatorOptions): void {
  const now = sim.now();
  for (const raw of options.pages ?? []) {
    const page = parseInput(ZRegisterPage, raw);
    sim.state.pages.set(page.pageId, { ...page, createdAt: now });
  }
  for (const raw of options.customers ?? []) {
    const input = parseInput(ZCreateCustomer, raw);
    if (!sim.state.pages.has(input.pageId)) throw new Error(`Seed customer ${input.firstName} names unknown page ${input.pageId}`);
    const psid = input.psid ?? numericId(16);
    sim.state.customers.set(customerKey(input.pageId, psid), {
      pageId: input.pageId,
      psid,
      firstName: input.firstName,
      lastName: input.lastName,
      profileError: input.profileError ?? false,
      ...(raw.lastMessageAt !== undefined ? { lastMessageAt: raw.lastMessageAt } : {}),
      createdAt: now,
    });
  }
  const first = sim.state.pages.values().next().value;
  if (options.demoFeed && first) seedDemoFeed(sim, first, now);
}

/**
 * State only, no webhooks: the app starts next to the simulator and would not be listening yet. The
 * commenters never wrote to the Page; a private reply makes them its customers.
 */
function seedDemoFeed(sim: SimContext, page: SimPage, now: number): void {
  const post = publishPost(sim, page, { message: "Our spring collection is here! Which colour is your favourite?", picture: true, channel: "facebook" }, now - 3 * 3_600_000);
  const comments = [
    { name: "Maria Santos", message: "The red ones! Do you have them in size 38?", agoMs: 2 * 3_600_000 },
    { name: "Tom Becker", message: "How long does delivery to Berlin take?", agoMs: 40 * 60_000 },
  ];
  for (const c of comments) {
    const comment = addComment(sim, post, { id: numericId(16), name: c.name, isPage: false }, c.message);
    comment.createdTime = now - c.agoMs; // written before the simulator started
  }
}
