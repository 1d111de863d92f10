// Message text with its web links made clickable, safely: only http(s) URLs become links, and the caller
// renders each part as text or an <a href> (never as HTML).

export type TextPart = { kind: "text"; text: string } | { kind: "link"; text: string; href: string };

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/giu;
const TRAILING = /[.,;:!?)\]}]+$/u;

export function safeHref(raw: string): string | null {
  try {
    const url = new URL(raw);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

export function linkifyText(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const found of text.matchAll(URL_PATTERN)) {
    const start = found.index ?? 0;
    const candidate = found[0].replace(TRAILING, "");
    const href = safeHref(candidate);
    if (!href) continue;
    if (start > last) parts.push({ kind: "text", text: text.slice(last, start) });
    parts.push({ kind: "link", text: candidate, href });
    last = start + candidate.length;
  }
  if (last < text.length) parts.push({ kind: "text", text: text.slice(last) });
  return parts;
}
