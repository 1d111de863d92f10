import { createSimulator, type Simulator } from "@/tools/simulator/create-simulator";
import type { SimulatorOptions } from "@/tools/simulator/options";
import { decryptSecret } from "@/server/security/secret-box";
import { resetState } from "@/tools/simulator/state";
import { makeCompany, makeUser, tokenFor as sessionTokenFor } from "./factory";

// The Messenger simulator as the Graph API of the integration tests (GRAPH_API_URL's port), with the
// app's secret and id so appsecret_proof and debug_token check out.

export function startGraphSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  return createSimulator({
    port: Number(new URL(process.env.GRAPH_API_URL!).port),
    webhookUrl: "",
    appSecret: process.env.META_APP_SECRET,
    appId: process.env.META_APP_ID,
    ...options,
  });
}

let seq = 0;
/** A Facebook page id no other test uses. */
export const freshPageId = () => String(700_000_000_000_000 + (Date.now() % 1_000_000) * 1000 + (seq++ % 1000));
export const tokenFor = (pageId: string) => `SIM_TEST_PAGE_TOKEN_${pageId}`;

/** Facebook knows this page and accepts `token` for it (default: tokenFor(pageId)). */
export function simulatePage(sim: Simulator, pageId: string, name = "Sim Page", token = tokenFor(pageId), permissions?: string[]): string {
  sim.state.pages.set(pageId, { pageId, name, accessToken: token, permissions, createdAt: Date.now() });
  return token;
}

/** A page made by the factory, known to Facebook with the token stored in our database. */
export function simulateStoredPage(sim: Simulator, page: { facebookPageId: string; name: string; accessTokenEnc: string }): void {
  simulatePage(sim, page.facebookPageId, page.name, decryptSecret(page.accessTokenEnc));
}

/** A fresh simulator state and two companies, Acme and Globex, each with a company admin and their bearer token. */
export async function twoCompanyWorld(sim: Simulator) {
  resetState(sim.state, true);
  const acme = await makeCompany("Acme");
  const globex = await makeCompany("Globex");
  const owner = await makeUser("company_admin", acme.id);
  const globexOwner = await makeUser("company_admin", globex.id);
  return { acme, globex, owner, globexOwner, tokens: { owner: await sessionTokenFor(owner), globexOwner: await sessionTokenFor(globexOwner) } };
}
