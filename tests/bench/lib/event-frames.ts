// Reads what the load benchmark's agents need from a raw Socket.IO event frame (lib/lean-socket.ts), without
// parsing its JSON: which message of the run it carries, or which reply, and the worker's stage stamps.
// The frames are the server's own JSON (`42["new-message",{"message":{…,"message":"<text>",…,"status":…}…}]`);
// the texts the generator sends are ASCII without quotes or escapes, so they appear in the frame verbatim.

export type FrameEvent = { kind: "load"; i: number } | { kind: "reply"; k: number } | { kind: "reply-sent"; k: number } | { kind: "other" };

const OTHER: FrameEvent = { kind: "other" };
const DIGIT_0 = 0x30;
const SPACE = 0x20;
const QUOTE = 0x22;

export class EventFrames {
  private readonly newMessage = Buffer.from('42["new-message",');
  private readonly messageUpdated = Buffer.from('42["message-updated",');
  /** The message's text field when it is one of the run's messages ("load <tag> s<i> …", load-generator.ts). */
  private readonly loadText: Buffer;
  /** A reply's whole text ("reply <tag> r<k>"). */
  private readonly replyText: Buffer;
  private readonly status = Buffer.from('"status":"');
  private readonly sent = Buffer.from('sent"');
  private readonly written = Buffer.from('"stages":{"writtenAt":');
  private readonly emitted = Buffer.from(',"emittedAt":');

  constructor(tag: string) {
    this.loadText = Buffer.from(`"message":"load ${tag} s`);
    this.replyText = Buffer.from(`"message":"reply ${tag} r`);
  }

  read(frame: Buffer): FrameEvent {
    if (startsWith(frame, this.newMessage)) {
      const load = numberAfter(frame, this.loadText, SPACE);
      if (load) return { kind: "load", i: load.value };
      const reply = numberAfter(frame, this.replyText, QUOTE);
      return reply ? { kind: "reply", k: reply.value } : OTHER;
    }
    if (startsWith(frame, this.messageUpdated)) {
      const reply = numberAfter(frame, this.replyText, QUOTE);
      if (!reply) return OTHER;
      // The message's own status: the first after its text (the conversation item that follows has none).
      const at = frame.indexOf(this.status, reply.end);
      return at >= 0 && startsWith(frame, this.sent, at + this.status.length) ? { kind: "reply-sent", k: reply.value } : OTHER;
    }
    return OTHER;
  }

  /** The worker's [writtenAt, emittedAt] wall-clock stamps (BENCH_STAGE_TIMINGS), when the frame has them. */
  stages(frame: Buffer): [number, number] | null {
    const w = frame.indexOf(this.written);
    if (w < 0) return null;
    const e = frame.indexOf(this.emitted, w);
    if (e < 0) return null;
    const writtenAt = Number(frame.toString("latin1", w + this.written.length, e));
    const emittedAt = Number(frame.toString("latin1", e + this.emitted.length, frame.indexOf(0x7d, e)));
    return Number.isFinite(writtenAt) && Number.isFinite(emittedAt) ? [writtenAt, emittedAt] : null;
  }
}

function startsWith(frame: Buffer, prefix: Buffer, at = 0): boolean {
  return frame.length >= at + prefix.length && frame.compare(prefix, 0, prefix.length, at, at + prefix.length) === 0;
}

/** The decimal number right after `needle`, which must be followed by `terminator` (the text's pattern). */
function numberAfter(frame: Buffer, needle: Buffer, terminator: number): { value: number; end: number } | null {
  const at = frame.indexOf(needle);
  if (at < 0) return null;
  let end = at + needle.length;
  let value = 0;
  while (end < frame.length && frame[end]! >= DIGIT_0 && frame[end]! <= DIGIT_0 + 9) value = value * 10 + frame[end++]! - DIGIT_0;
  return end > at + needle.length && frame[end] === terminator ? { value, end } : null;
}
