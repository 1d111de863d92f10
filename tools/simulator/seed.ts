import type { SimContext } from "./context";
import { parseInput, ZCreateCustomer, ZRegisterPage } from "./control/schemas";
import { numericId } from "./ids";
import type { SimulatorOptions } from "./options";
import { customerKey } from "./state";

// Pages and customers given to createSimulator, validated like the same calls over HTTP.

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
      createdAt: now,
    });
  }
}
