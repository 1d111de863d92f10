import { systemSummary } from "@/server/integrations/meta/system-summary";

// A person known only by `user_ref` (chat plugin guest, checkbox opt-in): how the parser (webhook-body.ts)
// recognises one and what it keeps of them until they write.

/** A guest's event: `event` is the item's field ("optin", "message", "postback"…), `summary` its line for the thread. */
export type GuestEvent = { pageId: string; timestamp: number; raw: unknown; kind: "guest"; userRef: string; event: string; summary: string; detail: Record<string, unknown> };

/** A checkbox-plugin opt-in has no sender: the person is the optin's user_ref. */
export function optinUserRef(fields: Record<string, unknown>): string | undefined {
  const ref = (fields.optin as { user_ref?: unknown } | undefined)?.user_ref;
  return typeof ref === "string" && ref ? ref : undefined;
}

/** Whatever a guest did: kept with their user_ref (their message text too, so nothing is lost). */
export function guestEvent(pageId: string, userRef: string, timestamp: number, raw: unknown, fields: Record<string, unknown>): GuestEvent {
  const system = systemSummary(fields);
  const event = system?.event ?? Object.keys(fields).find((key) => !["sender", "recipient", "timestamp"].includes(key)) ?? "unknown";
  const message = fields.message as { text?: unknown } | undefined;
  const postback = fields.postback as { title?: unknown } | undefined;
  const said = typeof message?.text === "string" ? message.text : typeof postback?.title === "string" ? postback.title : null;
  const summary = system?.summary ?? (said !== null ? `Guest wrote: ${said.slice(0, 200)}` : `Guest ${event.replaceAll("_", " ")}`);
  return { kind: "guest", pageId, timestamp, raw, userRef, event, summary, detail: system?.detail ?? { [event]: fields[event] } };
}
