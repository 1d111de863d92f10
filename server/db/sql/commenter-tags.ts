import { sql } from "kysely";

// Commenters' labels for a set of people of one Page (issue 42 point 3): the comments view asks for everyone
// on a page of posts at once. One index seek per person in commenter_tags(page_id, channel, author_id, name):
// as an `IN` list, without statistics Postgres seeks (page_id, channel) only and filters the people, reading
// every label of the Page (tests/integration/plans-without-statistics.test.ts); a LATERAL lookup per person
// (OFFSET 0 keeps it from being flattened back into that join) cannot.

export type CommenterTagRow = { channel: string; author_id: string; name: string; color: string };

export function commenterTagsSql(s: { pageId: string; channels: string[]; authorIds: string[] }) {
  return sql<CommenterTagRow>`
    SELECT p.channel, p.author_id, t.name, t.color::text AS color
      FROM unnest(${s.channels}::text[], ${s.authorIds}::text[]) AS p(channel, author_id)
     CROSS JOIN LATERAL (SELECT t.name, t.color FROM commenter_tags t
                          WHERE t.page_id = ${s.pageId}::uuid AND t.channel = p.channel::"Channel" AND t.author_id = p.author_id OFFSET 0) t`;
}
