import { db } from "@/server/db";
import { env } from "@/server/env";
import type { HandoverEvent } from "@/server/integrations/meta/webhook-body";
import { PAGE_INBOX_APP_ID } from "@/server/integrations/meta/graph-handover";
import type { ThreadOwner } from "@/server/generated/prisma/enums";
import { emitToRooms } from "@/server/realtime/emit";
import { conversationRoom, pageRoom } from "@/server/realtime/room-names";
import { toConversationListItem } from "@/server/services/conversations/serialize";
import { toListRow } from "@/server/services/conversations/conversation-summary";
import { firstRow } from "@/server/db/sql/run";
import { waitingForAgentSql } from "@/server/db/sql/conversations";
import { customerKey, type KnownCustomer } from "@/server/services/inbound/customers";
import { channelOf } from "@/server/services/inbound/ingest-context";
import type { IngestPage } from "@/server/services/inbound/ingest-context";
import { resolveCustomer } from "@/server/services/inbound/handle-message";
import { lookUpProfileLater } from "@/server/services/inbound/profile-lookup";
import { noteHandoverLine } from "@/server/services/handover/handover-line";
import { announceThreadControl, recordThreadOwner } from "@/server/services/handover/record-thread-owner";
import { appName, handoverApps, ownerOf, pageHandoverSelect, threadControlSelect, toThreadControl } from "@/server/services/handover/thread-control";
import { APP_DISPLAY_NAME, PAGE_INBOX_NAME, type ThreadControlEvent } from "@/lib/inbox/thread-control";
import { SERVER_EVENTS } from "@/lib/contract/socket-events";

// messaging_handovers: a thread changed hands between the Page's apps. Meta sends pass_thread_control to
// the app the thread was passed to, take_thread_control to the app it was taken from, and
// request_thread_control to the owner another app asks. Each becomes the conversation's thread control
// (record-thread-owner.ts) and a quiet line in its thread (system-events.ts). A thread passed to
// Switchboard waits for an agent: it comes up in the list unread, even for a person who never wrote (the
// one system event that creates a conversation).

export const PASSED_TO_US_PREVIEW = `Passed to ${APP_DISPLAY_NAME}`;

/** Which kind of app an id is; without META_APP_ID, `fallback` (what the event means for us) decides. */
function ownerFrom(appId: string | undefined, fallback: ThreadOwner): ThreadOwner {
  if (!appId) return fallback;
  if (env().META_APP_ID) return ownerOf(appId) ?? fallback;
  return appId === PAGE_INBOX_APP_ID ? "page_inbox" : fallback;
}

export async function handleHandoverEvent(page: IngestPage, event: HandoverEvent, known: Map<string, KnownCustomer>): Promise<void> {
  const at = new Date(event.timestamp);
  const apps = handoverApps((await db.page.findUnique({ where: { id: page.id }, select: pageHandoverSelect }))?.handoverApps);
  const nameOf = (appId: string | undefined) => (appId ? appName(appId, apps) : null);

  const line = (summary: string) => noteHandoverLine({ page, psid: event.psid }, summary, detailOf(event), event.timestamp);
  // A request leaves the thread where it is: the agents see who asks, and may pass it.
  if (event.action === "request_thread_control") return line(`${nameOf(event.requestedOwnerAppId) ?? "Another app"} asked for this conversation`);

  const owner = event.action === "pass_thread_control" ? ownerFrom(event.newOwnerAppId, "app") : ownerFrom(event.newOwnerAppId, "other_app");
  const who = owner === "app" ? APP_DISPLAY_NAME : owner === "page_inbox" ? PAGE_INBOX_NAME : (nameOf(event.newOwnerAppId) ?? "another app");
  const summary = event.action === "pass_thread_control" ? `Passed to ${who}` : `Taken by ${who}`;
  const passedToUs = event.action === "pass_thread_control" && owner === "app";
  let customer = known.get(customerKey(page.id, channelOf(page), event.psid));
  if (!customer?.conversationId) {
    // Taken from a person who never wrote: the line waits for their thread; there is no control to change.
    if (!passedToUs) return line(summary);
    customer = await resolveCustomer(page, event.psid, known);
  }
  const conversationId = customer.conversationId!;
  const appId = event.newOwnerAppId ?? (owner === "app" ? (env().META_APP_ID ?? null) : null);
  // Strictly newer than what is stored: a redelivered event changes nothing (and counts no unread twice).
  if (!(await recordThreadOwner({ conversationId, owner, appId, at, strict: true }))) return;
  customer.threadOwner = owner;
  await line(summary);
  if (passedToUs) await waitForAgent(page, { ...customer, conversationId }, at);
  else await announceThreadControl(conversationId);
}

function detailOf(event: HandoverEvent): Record<string, unknown> {
  const { action, newOwnerAppId, previousOwnerAppId, requestedOwnerAppId, metadata } = event;
  return Object.fromEntries(Object.entries({ action, newOwnerAppId, previousOwnerAppId, requestedOwnerAppId, metadata }).filter(([, v]) => v !== undefined));
}

/**
 * The thread was handed to Switchboard: it comes up as waiting (one unread, the line as its preview, at
 * the top by the event's time), announced with the new control in one `thread-control` event. A pass
 * older than the conversation's last message (delivered late) only changes the control, as a late
 * message never moves the list.
 */
async function waitForAgent(page: IngestPage, customer: KnownCustomer & { conversationId: string }, at: Date): Promise<void> {
  const summary = await firstRow(waitingForAgentSql(customer.conversationId, at, PASSED_TO_US_PREVIEW));
  const row = await db.conversation.findUnique({ where: { id: customer.conversationId }, select: { ...threadControlSelect, page: { select: pageHandoverSelect } } });
  if (!summary || !row) return;
  const item = toConversationListItem(toListRow(customer.conversationId, summary, { id: customer.id, psid: customer.psid, name: customer.name, avatarUrl: customer.avatarUrl }, page));
  const event: ThreadControlEvent = { pageId: page.id, conversationId: customer.conversationId, control: toThreadControl(row, row.page), conversation: item };
  emitToRooms([pageRoom(page.id), conversationRoom(customer.conversationId)], SERVER_EVENTS.threadControl, event);
  if (customer.needsProfile) lookUpProfileLater({ page, customerId: customer.id, psid: customer.psid, conversationId: customer.conversationId });
}
