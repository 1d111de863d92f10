import { db } from "@/server/db";
import type { MessengerEvent } from "@/server/integrations/meta/webhook-body";
import { sanitizeText } from "@/server/integrations/meta/sanitize-json";
import type { Reaction } from "@/server/services/conversations/serialize";
import type { IngestPage } from "@/server/services/inbound/ingest-context";
import { announceUpdate, findTarget, targetMissing } from "@/server/services/conversations/message-update";
import { reactionPreview, UNSENT_TEXT } from "@/lib/inbox/message-kinds";

type ReactionEvent = Extract<MessengerEvent, { kind: "reaction" }>;

/** Meta names some reactions without an emoji (older clients): the ones it documents. */
const EMOJI_BY_NAME: Record<string, string> = { love: "❤️", smile: "😆", wow: "😮", sad: "😢", angry: "😠", like: "👍", dislike: "👎", other: "👍" };

/**
 * react / unreact on a message: one reaction per person (a new one replaces theirs, unreact removes it),
 * kept in the message's `reactions`. A reaction older than the one stored (a late redelivery) changes nothing.
 */
export async function handleReactionEvent(page: IngestPage, event: ReactionEvent): Promise<void> {
  const target = await findTarget(page, event.mid);
  if (!target) throw targetMissing(event.mid);
  const at = new Date(event.timestamp);
  const current = (target.reactions as Reaction[] | null) ?? [];
  const theirs = current.find((r) => r.psid === event.psid);
  if (theirs && new Date(theirs.at) > at) return;
  const others = current.filter((r) => r.psid !== event.psid);
  const emoji = sanitizeText(event.emoji ?? EMOJI_BY_NAME[event.reaction ?? ""] ?? "👍");
  const next: Reaction[] = event.action === "react" ? [...others, { psid: event.psid, reaction: event.reaction, emoji, at: at.toISOString() }] : others;
  if (event.action === "unreact" && !theirs) return;
  await db.message.update({ where: { id: target.id }, data: { reactions: next } });
  const quoted = target.deletedAt ? UNSENT_TEXT : target.text;
  await announceUpdate(target.id, event.action === "react" ? { at, text: reactionPreview(emoji, quoted) } : undefined);
}
