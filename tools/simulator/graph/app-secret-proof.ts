import { createHmac, timingSafeEqual } from "node:crypto";
import type { SimContext } from "../context";
import { GraphApiError } from "./graph-error";

// appsecret_proof (hex HMAC-SHA256 of the access token, keyed with the App Secret): a wrong proof is always
// refused, as Meta does; a missing one only when the app "requires the App Secret" (setting
// requireAppSecretProof). Meta answers both with (#100) GraphMethodException.

export function checkAppSecretProof(sim: SimContext, token: string | undefined, url: URL): void {
  const proof = url.searchParams.get("appsecret_proof");
  if (proof === null) {
    if (sim.settings.requireAppSecretProof && token) throw new GraphApiError(100, { message: "API calls from the server require an appsecret_proof argument" });
    return;
  }
  const expected = createHmac("sha256", sim.appSecret).update(token ?? "").digest();
  const given = /^[0-9a-f]{64}$/i.test(proof) ? Buffer.from(proof, "hex") : Buffer.alloc(0);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new GraphApiError(100, { message: "Invalid appsecret_proof provided in the API argument" });
  }
}
