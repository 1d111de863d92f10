import { env } from "@/server/env";
import type { MessengerEvent } from "@/server/integrations/meta/webhook-body";
import { customerKey, type KnownCustomer } from "@/server/services/inbound/customers";
import { channelOf, type IngestPage } from "@/server/services/inbound/ingest-context";
import { changeThreadOwner } from "@/server/services/handover/record-thread-owner";
import { ownerOf } from "@/server/services/handover/thread-control";

// What a delivery's channel says about who controls the thread. An event in entry[].standby[] belongs to a
// thread another app holds; a customer's message in entry[].messaging[] reaches Switchboard only while it
// holds the thread (or nobody does). Called after the event itself was handled, so the conversation exists;
// it writes only when the batch's reading of the thread (ingest-context.ts) disagrees, so the usual message
// costs no statement.

type PersonEvent = Extract<MessengerEvent, { psid: string }>;

export async function observeThreadChannel(page: IngestPage, event: PersonEvent, known: Map<string, KnownCustomer>): Promise<void> {
  const customer = known.get(customerKey(page.id, channelOf(page), event.psid));
  if (!customer?.conversationId) return;
  const current = customer.threadOwner ?? null;
  const at = new Date(event.timestamp);

  if (event.standby) {
    // A reply typed in the Page Inbox (or by another app) names its app: that app holds the thread.
    const echoApp = event.kind === "message" && event.isEcho && event.appId && event.appId !== env().META_APP_ID ? event.appId : null;
    const owner = echoApp ? (ownerOf(echoApp) ?? "other_app") : current === "page_inbox" || current === "other_app" ? null : "other_app";
    if (!owner || (owner === current && !echoApp)) return;
    customer.threadOwner = owner;
    // Without an app named, the next open asks Graph which app it is (get-thread-control.ts).
    await changeThreadOwner({ conversationId: customer.conversationId, owner, appId: echoApp, at, recheck: !echoApp });
    return;
  }

  const fromCustomer = (event.kind === "message" && !event.isEcho) || event.kind === "postback";
  if (!fromCustomer || (current !== "page_inbox" && current !== "other_app")) return;
  customer.threadOwner = "app";
  await changeThreadOwner({ conversationId: customer.conversationId, owner: "app", appId: env().META_APP_ID ?? null, at });
}
