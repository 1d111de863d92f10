// Postgres refuses some JSON that JavaScript accepts: a NUL (\u0000) in any string, a lone UTF-16 surrogate
// (\ud800 without its pair), and nesting deeper than its stack allows. Meta may deliver any of these in a
// customer's text, and a webhook that is refused is retried and finally disabled (docs/META.md), so what can be
// repaired is repaired before storage and the rest goes to the quarantine (webhook-quarantine.ts).

/** Deeper than any body Meta sends (about 8 levels); beyond it the body is quarantined, not walked. */
export const MAX_WEBHOOK_DEPTH = 64;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Lone surrogates replaced with U+FFFD (String#toWellFormed, which our TypeScript lib does not declare yet). */
function wellFormed(text: string): string {
  return text.replace(LONE_SURROGATE, "\uFFFD");
}

/** NUL removed, lone surrogates replaced with U+FFFD. */
export function sanitizeText(text: string): string {
  return wellFormed(text.replaceAll("\0", ""));
}

/**
 * A copy of `value` with every string (keys too) sanitised, or the reason it cannot be stored. Iterative:
 * a 100 000-deep array must not overflow the stack here either. With `prune`, what lies deeper than
 * MAX_WEBHOOK_DEPTH is left out instead (an array keeps a null in its place) and listed in `pruned` by path,
 * so the rest of the body can still be stored (salvageBody).
 */
export function sanitizeJson(value: unknown): { ok: true; value: unknown } | { ok: false; reason: string };
export function sanitizeJson(value: unknown, options: { prune: true }): { ok: true; value: unknown; pruned: (string | number)[][] };
export function sanitizeJson(value: unknown, options: { prune?: boolean } = {}): { ok: true; value: unknown; pruned?: (string | number)[][] } | { ok: false; reason: string } {
  const root: { v: unknown } = { v: undefined };
  const pruned: (string | number)[][] = [];
  type Frame = { source: unknown; assign: (v: unknown) => void; depth: number; path: (string | number)[] | null };
  const track = options.prune === true;
  const stack: Frame[] = [{ source: value, assign: (v) => (root.v = v), depth: 0, path: track ? [] : null }];
  while (stack.length) {
    const { source, assign, depth, path } = stack.pop()!;
    if (depth > MAX_WEBHOOK_DEPTH) {
      if (!track) return { ok: false, reason: `JSON nested deeper than ${MAX_WEBHOOK_DEPTH} levels` };
      pruned.push(path!);
      assign(null);
      continue;
    }
    if (typeof source === "string") assign(sanitizeText(source));
    else if (Array.isArray(source)) {
      const copy: unknown[] = new Array(source.length);
      assign(copy);
      source.forEach((item, i) => stack.push({ source: item, assign: (v) => (copy[i] = v), depth: depth + 1, path: path && [...path, i] }));
    } else if (source && typeof source === "object") {
      const copy: Record<string, unknown> = {};
      assign(copy);
      for (const [key, item] of Object.entries(source)) {
        const clean = sanitizeText(key);
        stack.push({ source: item, assign: (v) => (copy[clean] = v), depth: depth + 1, path: path && [...path, clean] });
      }
    } else assign(source);
  }
  return track ? { ok: true, value: root.v, pruned } : { ok: true, value: root.v };
}

/**
 * A body Postgres refused, made storable: sanitised, and what lies too deep left out. An event that held
 * such a part (entry[i].messaging[j] or .standby[j]) is left out whole — it cannot be read as Meta meant
 * it — and its siblings stay. `removed` names what was left out, for the quarantine's reason.
 */
export function salvageBody(parsed: unknown): { value: unknown; removed: string[] } {
  const clean = sanitizeJson(parsed, { prune: true });
  if (!clean.pruned.length) return { value: clean.value, removed: [] };
  const removed = new Set<string>();
  const dropItems = new Map<string, Set<number>>(); // "i.field" → item indexes
  for (const path of clean.pruned) {
    const [top, i, field, j] = path;
    if (top === "entry" && typeof i === "number" && (field === "messaging" || field === "standby") && typeof j === "number") {
      const key = `${i}.${field}`;
      dropItems.set(key, (dropItems.get(key) ?? new Set()).add(j));
      removed.add(`entry[${i}].${field}[${j}]`);
    } else {
      // Outside an event: named by its field (entry[0].field, or the body's own field).
      const named = path.slice(0, top === "entry" ? 3 : 1);
      removed.add(named.map((p) => (typeof p === "number" ? `[${p}]` : `.${p}`)).join("").replace(/^\./, ""));
    }
  }
  const entries = (clean.value as { entry?: unknown }).entry;
  if (Array.isArray(entries)) {
    entries.forEach((entry, i) => {
      for (const field of ["messaging", "standby"]) {
        const drop = dropItems.get(`${i}.${field}`);
        const items = (entry as Record<string, unknown> | null)?.[field];
        if (drop && Array.isArray(items)) (entry as Record<string, unknown>)[field] = items.filter((_, j) => !drop.has(j));
      }
    });
  }
  return { value: clean.value, removed: [...removed] };
}

/** Text Postgres can hold in a text column whatever was received (NUL bytes become a visible escape). */
export function storableRaw(raw: string): string {
  return wellFormed(raw.replaceAll("\0", "\\u0000"));
}

/** The Page a body names (its first entry's id), read leniently from parsed JSON or, failing that, the raw text. */
export function pageIdOf(parsed: unknown, raw?: string): string | null {
  const entry = (parsed as { entry?: { id?: unknown }[] } | null)?.entry;
  const id = Array.isArray(entry) ? entry[0]?.id : undefined;
  if (typeof id === "string" || typeof id === "number") return String(id);
  const match = raw ? /"entry"\s*:\s*\[\s*\{[^{}]*?"id"\s*:\s*"?(\d{1,30})/.exec(raw.slice(0, 4096)) : null;
  return match?.[1] ?? null;
}
