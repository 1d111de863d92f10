// Rules every value from a request obeys, whatever the endpoint: the route wrapper applies them before
// any schema (so a new endpoint cannot forget them), and the schemas use the date bounds.

/** Postgres text cannot hold U+0000; a NUL in a field would otherwise reach the database as a 500. */
export const NUL_NOT_ALLOWED = "must not contain NUL characters";

/** The path of the first string holding U+0000 in a parsed JSON value / params / query, or null. */
export function findNulString(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === "string") return value.includes("\u0000") ? path : null;
  // Request bodies are capped at 1 MB and parsed by JSON.parse; 64 levels is far beyond any of our schemas.
  if (depth > 64 || value === null || typeof value !== "object") return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes("\u0000")) return [...path, key];
    const found = findNulString(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Instants a client may send (filters, cursors): within years 1900–9999. JavaScript dates reach ±275 760
 * years and year 0, which timestamptz cannot store or compare against.
 */
const MIN_INSTANT_MS = Date.UTC(1900, 0, 1);
const MAX_INSTANT_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

export function isStorableInstant(date: Date): boolean {
  const ms = date.getTime();
  return Number.isFinite(ms) && ms >= MIN_INSTANT_MS && ms <= MAX_INSTANT_MS;
}
