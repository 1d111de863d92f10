// Avatars generated from a name (PRODUCT §3 Conversation UI): initials and a stable colour.

/** "Ana Lima" → "AL", "ana" → "A", "  " → "?": first letter (or digit) of the first and last words. */
export function initialsFromName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const firstLetter = (word: string) => Array.from(word).find((ch) => /[\p{L}\p{N}]/u.test(ch));
  const letters = words.map(firstLetter).filter((ch): ch is string => Boolean(ch));
  if (!letters.length) return "?";
  const picked = letters.length > 1 ? [letters[0], letters[letters.length - 1]] : [letters[0]];
  return picked.join("").toLocaleUpperCase("en-US");
}

const PALETTE = [
  "bg-indigo-100 text-indigo-700",
  "bg-emerald-100 text-emerald-700",
  "bg-amber-100 text-amber-800",
  "bg-rose-100 text-rose-700",
  "bg-sky-100 text-sky-700",
  "bg-violet-100 text-violet-700",
  "bg-teal-100 text-teal-700",
  "bg-orange-100 text-orange-800",
] as const;

/** The same name always gets the same colour. */
export function avatarColor(name: string): string {
  return PALETTE[hashOf(name) % PALETTE.length]!;
}

/** Two-letter candidates for a page's initials, best first: "Acme Shoes" → AS, SH, AC, AH … */
function initialCandidates(name: string): string[] {
  const letters = (word: string) => Array.from(word).filter((ch) => /[\p{L}\p{N}]/u.test(ch));
  const words = name.trim().split(/\s+/).map(letters).filter((w) => w.length > 0);
  const last = words.at(-1) ?? [];
  const first = words[0] ?? [];
  const raw = [initialsFromName(name), last.slice(0, 2).join(""), first.slice(0, 2).join(""), ...last.slice(1).map((ch) => `${first[0] ?? ""}${ch}`)];
  return [...new Set(raw.map((c) => c.toLocaleUpperCase("en-US")).filter(Boolean))];
}

function hashOf(text: string): number {
  let hash = 0;
  for (const ch of text) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return hash;
}

export type PageAvatar = { initials: string; color: string };

/**
 * The tab avatars of the agent's pages: initials and a colour each, deterministic from the page's name and
 * id, and distinct among the pages shown together where possible, so "Acme Shoes" and "Acme Support" no
 * longer share one letter on one grey (AS / SU, two colours).
 */
export function pageAvatars(pages: readonly { id: string; name: string }[]): Map<string, PageAvatar> {
  const takenInitials = new Set<string>();
  const takenColors = new Set<number>();
  const out = new Map<string, PageAvatar>();
  // Oldest-first order of the tabs; ids break ties so the result does not depend on render order.
  for (const page of pages) {
    const candidates = initialCandidates(page.name);
    const initials = candidates.find((c) => !takenInitials.has(c)) ?? candidates[0] ?? "?";
    takenInitials.add(initials);
    const start = hashOf(page.id) % PALETTE.length;
    let color = start;
    for (let i = 0; i < PALETTE.length && takenColors.has(color); i++) color = (start + i + 1) % PALETTE.length;
    takenColors.add(color);
    out.set(page.id, { initials, color: PALETTE[color]! });
  }
  return out;
}

/** Only http(s) addresses are used as image sources; anything else falls back to initials. */
export function isImageUrl(value: string | null | undefined): value is string {
  if (!value) return false;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}
