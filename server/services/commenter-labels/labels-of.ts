import { rows } from "@/server/db/sql/run";
import { commenterTagsSql } from "@/server/db/sql/commenter-tags";
import type { Channel } from "@/lib/inbox/channels";
import type { CommenterLabel } from "@/lib/contract/comments-api";
import type { LabelColor } from "@/lib/schemas/labels";

// Commenters' labels (issue 42 point 3): a person is their Meta id on one network of one Page
// (commenter_tags: page_id, channel, author_id = comments.author_id). Names sorted here, as the labels list.

const byName = new Intl.Collator("en", { sensitivity: "base", numeric: true });
export const commenterKey = (channel: Channel, authorId: string) => `${channel}:${authorId}`;

/**
 * The labels of each of these commenters of the Page, by commenterKey: one statement whatever their number,
 * a seek per person (server/db/sql/commenter-tags.ts).
 */
export async function labelsOfCommenters(pageId: string, people: { channel: Channel; authorId: string }[]): Promise<Map<string, CommenterLabel[]>> {
  const byPerson = new Map<string, CommenterLabel[]>();
  const unique = [...new Map(people.map((p) => [commenterKey(p.channel, p.authorId), p])).values()];
  if (!unique.length) return byPerson;
  const found = await rows(commenterTagsSql({ pageId, channels: unique.map((p) => p.channel), authorIds: unique.map((p) => p.authorId) }));
  found.sort((a, b) => byName.compare(a.name, b.name));
  for (const row of found) {
    const key = commenterKey(row.channel as Channel, row.author_id);
    const list = byPerson.get(key) ?? [];
    list.push({ name: row.name, color: row.color as LabelColor });
    byPerson.set(key, list);
  }
  return byPerson;
}
