/** Our ids are UUIDs; anything else (a Facebook id, garbage) is checked before it reaches a uuid column. */
export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
