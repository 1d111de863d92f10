import { Decoder, Encoder, PacketType, protocol, type Packet } from "socket.io-parser";

// Socket.IO's own parser, but an event whose payload is already JSON goes out without being decoded and
// encoded again. The worker's events (a message stored, a receipt, a profile) reach the app servers
// through Redis; each app server used to turn the Redis message back into objects (msgpack) and those into
// the socket's JSON (with a walk over every value looking for binary data), 8–10 % of the event loop that
// also serves the agents' reads, at 200 messages a second (docs/performance/history-2026-11.md §6). The worker now sends
// the payload as one JSON string (`preEncoded`), and the encoder splices it into the packet. What a client
// receives is byte for byte what the plain encoder would have written.

/** The one key of a pre-encoded payload: no payload of ours has it (a key that starts with NUL). */
const PRE_ENCODED_KEY = "\u0000switchboard:json";

export type PreEncoded = { readonly [PRE_ENCODED_KEY]: string };

/** The payload as the socket will carry it: JSON, as JSON.stringify writes it (Dates become strings). */
export function preEncoded(payload: unknown): PreEncoded {
  return { [PRE_ENCODED_KEY]: JSON.stringify(payload ?? null) };
}

function preEncodedJson(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null || !Object.hasOwn(value, PRE_ENCODED_KEY)) return undefined;
  const json = (value as PreEncoded)[PRE_ENCODED_KEY];
  return typeof json === "string" ? json : undefined;
}

class PreEncodingEncoder extends Encoder {
  override encode(packet: Packet): unknown[] {
    // Only a broadcast event with one argument: acknowledgements and binary events take the usual path.
    const data = packet.data as unknown[] | undefined;
    if (packet.type === PacketType.EVENT && packet.id === undefined && Array.isArray(data) && data.length === 2 && typeof data[0] === "string") {
      const json = preEncodedJson(data[1]);
      if (json !== undefined) return [`${PacketType.EVENT}${packet.nsp && packet.nsp !== "/" ? `${packet.nsp},` : ""}[${JSON.stringify(data[0])},${json}]`];
    }
    return super.encode(packet);
  }
}

/** Socket.IO's `parser` option: the standard protocol, the pre-encoding encoder. */
export const wireParser = { protocol, PacketType, Encoder: PreEncodingEncoder, Decoder };
