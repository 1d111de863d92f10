// Avatars generated from a name (SPEC §3 Conversation UI): initials and a stable colour.

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
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return PALETTE[hash % PALETTE.length]!;
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
