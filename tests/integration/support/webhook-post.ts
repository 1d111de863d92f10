import { signatureFor } from "@/server/integrations/meta/webhook-signature";

// Meta's side of the webhook for tests: bodies as Meta shapes them, signed with the test App Secret.

export type Item = Record<string, unknown>;

export function body(facebookPageId: string, ...messaging: Item[]) {
  return JSON.stringify({ object: "page", entry: [{ id: facebookPageId, time: Date.now(), messaging }] });
}

/** A messaging item from a customer to the page. */
export function fromCustomer(facebookPageId: string, psid: string, fields: Item, timestamp = Date.now()): Item {
  return { sender: { id: psid }, recipient: { id: facebookPageId }, timestamp, ...fields };
}

export function postSigned(appUrl: string, raw: string | Buffer, secret = process.env.META_APP_SECRET!) {
  return fetch(`${appUrl}/api/webhooks/messenger`, { method: "POST", headers: { "content-type": "application/json", "x-hub-signature-256": signatureFor(raw, secret) }, body: typeof raw === "string" ? raw : new Uint8Array(raw) });
}
