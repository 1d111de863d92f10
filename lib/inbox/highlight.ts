// Search highlighting without HTML: the text split into plain and matching parts, rendered as text and
// <mark> elements by the caller (docs/SECURITY.md: never innerHTML for user content).

export type HighlightPart = { text: string; match: boolean };

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Every case-insensitive occurrence of `query` in `text`; an empty query gives the whole text. */
export function splitHighlight(text: string, query: string): HighlightPart[] {
  const needle = query.trim();
  if (!needle || !text) return text ? [{ text, match: false }] : [];
  const pattern = new RegExp(escapeRegExp(needle), "giu");
  const parts: HighlightPart[] = [];
  let last = 0;
  for (const found of text.matchAll(pattern)) {
    const start = found.index ?? 0;
    if (start > last) parts.push({ text: text.slice(last, start), match: false });
    parts.push({ text: found[0], match: true });
    last = start + found[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), match: false });
  return parts;
}
