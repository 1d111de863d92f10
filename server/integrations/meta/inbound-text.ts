import { sanitizeText } from "@/server/integrations/meta/sanitize-json";

/**
 * The longest text a person can write in one Messenger message, as the simulator's customer messages allow
 * it (tools/simulator/control/schemas.ts): 20 000 characters. Text from Meta beyond it is cut, never stored whole.
 */
export const INBOUND_TEXT_MAX_LENGTH = 20_000;

/** Text from Meta as Postgres can hold it (no NUL, no lone surrogate), at most INBOUND_TEXT_MAX_LENGTH UTF-16 units. */
export function storableInboundText(text: string): string {
  // A cut through a surrogate pair leaves half of it, which sanitizeText turns into U+FFFD.
  return sanitizeText(text.length > INBOUND_TEXT_MAX_LENGTH ? text.slice(0, INBOUND_TEXT_MAX_LENGTH) : text);
}
