import type { SimContext } from "../context";
import { findCustomer } from "../state";
import type { MessagingItem, WebhookBody, WebhookEntry } from "./events";

// Instagram Direct through a Page (docs/SIMULATOR.md, "Instagram"): a customer whose channel is instagram
// writes to the Page's linked Instagram account, so Meta's body for them is `object: "instagram"`, with the
// Instagram account id where a Page body has the Page id (entry id, sender or recipient). Instagram has no
// message_deliveries, and its seen receipt (messaging_seen) names the last message seen instead of a
// watermark. Every body the simulator delivers passes through here, so each kind (messages, echoes,
// reactions, unsends, reads, postbacks, referrals) reaches the app as Meta sends it for Instagram.

/** The body split by channel: a Page's Messenger entries and its Instagram entries go in separate deliveries. */
export function splitByChannel(sim: SimContext, body: WebhookBody): { messenger: WebhookBody | null; instagram: WebhookBody | null } {
  if (body.object !== "page") return { messenger: null, instagram: body };
  const messenger: WebhookEntry[] = [];
  const instagram: WebhookEntry[] = [];
  for (const entry of body.entry) {
    const igId = sim.state.pages.get(entry.id)?.instagram?.id;
    const isInstagram = (item: MessagingItem) => Boolean(igId) && findCustomer(sim.state, entry.id, personOf(entry.id, item) ?? "")?.channel === "instagram";
    const split = (items: MessagingItem[] | undefined) => ({ ig: (items ?? []).filter(isInstagram), fb: (items ?? []).filter((i) => !isInstagram(i)) });
    const messaging = split(entry.messaging);
    const standby = split(entry.standby);
    if (messaging.fb.length || standby.fb.length || (!messaging.ig.length && !standby.ig.length)) {
      messenger.push({ ...entry, ...(entry.messaging ? { messaging: messaging.fb } : {}), ...(entry.standby ? { standby: standby.fb } : {}) });
    }
    const convert = (items: MessagingItem[]) => items.flatMap((item) => toInstagramItem(sim, entry.id, igId!, item));
    const igMessaging = convert(messaging.ig);
    const igStandby = convert(standby.ig);
    if (igMessaging.length || igStandby.length) {
      instagram.push({ id: igId!, time: entry.time, ...(igMessaging.length ? { messaging: igMessaging } : {}), ...(igStandby.length ? { standby: igStandby } : {}) });
    }
  }
  return { messenger: messenger.length ? { object: "page", entry: messenger } : null, instagram: instagram.length ? { object: "instagram", entry: instagram } : null };
}

/** The person of an item: the side that is not the Page. */
function personOf(pageId: string, item: MessagingItem): string | undefined {
  const sender = item.sender && "id" in item.sender ? item.sender.id : undefined;
  return sender === pageId ? item.recipient.id : sender;
}

function toInstagramItem(sim: SimContext, pageId: string, igId: string, item: MessagingItem): MessagingItem[] {
  if ("delivery" in item) return []; // Instagram sends no delivery receipts
  const swap = (id: string) => (id === pageId ? igId : id);
  const converted: MessagingItem = { ...item, recipient: { id: swap(item.recipient.id) }, ...(item.sender && "id" in item.sender ? { sender: { id: swap(item.sender.id) } } : {}) };
  const read = item.read as { watermark?: number } | undefined;
  if (read?.watermark !== undefined) {
    // messaging_seen: the newest message of the Page this person had by the watermark.
    const psid = personOf(pageId, item)!;
    const seen = sim.state.sent.filter((s) => s.pageId === pageId && s.psid === psid && s.time <= read.watermark!).at(-1);
    if (!seen) return [];
    converted.read = { mid: seen.mid };
  }
  return [converted];
}
