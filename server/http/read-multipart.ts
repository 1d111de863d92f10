import { AppError } from "@/server/http/errors";

// A multipart/form-data body read as it arrives, with every cap enforced while reading (issue 29): the
// whole body's, each file's, and the number of files per field. An upload over a cap is refused at the
// byte that crosses it, chunked or not, so memory grows with what is accepted (at most one file's cap for
// a refused file), never with what is sent. Only the named file fields are kept; other files are skipped,
// text fields are kept up to MAX_FIELD_BYTES each.

export type FileField = {
  maxBytes: number;
  maxCount: number;
  /** The refusal of one file over maxBytes, by its name ("" when it has none). */
  tooLarge: (fileName: string) => string;
  tooMany: string;
};

export type MultipartLimits = {
  /** The whole body, framing included. */
  maxBytes: number;
  tooLarge: string;
  /** The refusal of a body that is not multipart/form-data or does not parse. */
  malformed: string;
  files: Record<string, FileField>;
};

const MAX_FIELD_BYTES = 64 * 1024;
const MAX_HEADER_BYTES = 16 * 1024;
const CRLF = Buffer.from("\r\n");
const HEADERS_END = Buffer.from("\r\n\r\n");

type Part = { name: string; fileName: string | null; type: string; rule: FileField | null; keep: boolean; chunks: Uint8Array[]; size: number };

export async function readMultipart(request: Request, limits: MultipartLimits): Promise<FormData> {
  const boundary = /^multipart\/form-data\b.*?;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(request.headers.get("content-type") ?? "");
  if (!boundary) throw new AppError("bad_request", limits.malformed);
  if (Number(request.headers.get("content-length") ?? 0) > limits.maxBytes) throw new AppError("payload_too_large", limits.tooLarge);
  const parser = new MultipartParser(`--${boundary[1] ?? boundary[2]}`, limits);
  if (!request.body) throw new AppError("bad_request", limits.malformed);
  const reader = request.body.getReader();
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limits.maxBytes) throw new AppError("payload_too_large", limits.tooLarge);
      parser.write(value);
    }
  } catch (error) {
    // Stop reading; the answer closes the connection with the rest unread (server/http/early-answers.ts).
    await reader.cancel().catch(() => {});
    throw error;
  }
  return parser.end();
}

class MultipartParser {
  private readonly delimiter: Buffer;
  // The body is read as if it began with CRLF, so the first boundary looks like every other one.
  private pending: Buffer = CRLF;
  private state: "preamble" | "boundary" | "headers" | "body" | "done" = "preamble";
  private part: Part | null = null;
  private readonly counts = new Map<string, number>();
  private readonly form = new FormData();

  constructor(
    boundary: string,
    private readonly limits: MultipartLimits,
  ) {
    this.delimiter = Buffer.from(`\r\n${boundary}`);
  }

  write(chunk: Uint8Array): void {
    if (this.state === "done") return; // the epilogue is ignored
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    while (this.step());
  }

  end(): FormData {
    if (this.state !== "done") throw new AppError("bad_request", this.limits.malformed);
    return this.form;
  }

  /** One step of the state machine; false when it needs more bytes. */
  private step(): boolean {
    switch (this.state) {
      case "preamble":
      case "body":
        return this.untilDelimiter();
      case "boundary":
        return this.afterDelimiter();
      case "headers":
        return this.headers();
      case "done":
        return false;
    }
  }

  private untilDelimiter(): boolean {
    const at = this.pending.indexOf(this.delimiter);
    if (at === -1) {
      // Everything but a tail that could be the start of a delimiter split across chunks.
      const keep = this.delimiter.length - 1;
      if (this.pending.length > keep) {
        this.data(this.pending.subarray(0, this.pending.length - keep));
        this.pending = this.pending.subarray(this.pending.length - keep);
      }
      return false;
    }
    this.data(this.pending.subarray(0, at));
    if (this.state === "body") this.finishPart();
    this.pending = this.pending.subarray(at + this.delimiter.length);
    this.state = "boundary";
    return true;
  }

  /** After a delimiter: "--" closes the body; otherwise optional padding, then CRLF and a part's headers. */
  private afterDelimiter(): boolean {
    if (this.pending.length < 2) return false;
    if (this.pending[0] === 0x2d && this.pending[1] === 0x2d) {
      this.state = "done";
      return false;
    }
    const eol = this.pending.indexOf(CRLF);
    if (eol === -1) {
      if (this.pending.length > 256) throw new AppError("bad_request", this.limits.malformed);
      return false;
    }
    if (!/^[ \t]*$/.test(this.pending.subarray(0, eol).toString("latin1"))) throw new AppError("bad_request", this.limits.malformed);
    this.pending = this.pending.subarray(eol + 2);
    this.state = "headers";
    return true;
  }

  private headers(): boolean {
    // A part without headers starts with the blank line itself.
    const end = this.pending.subarray(0, 2).equals(CRLF) ? -2 : this.pending.indexOf(HEADERS_END);
    if (end === -1) {
      if (this.pending.length > MAX_HEADER_BYTES) throw new AppError("bad_request", this.limits.malformed);
      return false;
    }
    this.startPart(end === -2 ? "" : this.pending.subarray(0, end).toString("utf8"));
    this.pending = this.pending.subarray(end + 4);
    this.state = "body";
    return true;
  }

  private startPart(head: string): void {
    const disposition = /^content-disposition:\s*form-data\s*(;.*)$/im.exec(head)?.[1] ?? "";
    const params = headerParams(disposition);
    const name = params.name ?? null;
    const fileName = params["filename*"] ?? params.filename ?? null;
    const type = /^content-type:\s*(.+)$/im.exec(head)?.[1]?.trim() ?? "";
    const rule = name !== null && fileName !== null ? (this.limits.files[name] ?? null) : null;
    if (rule && name !== null) {
      const count = (this.counts.get(name) ?? 0) + 1;
      if (count > rule.maxCount) throw new AppError("bad_request", rule.tooMany);
      this.counts.set(name, count);
    }
    // Files outside the named fields, and parts without a name, are read past and not kept.
    const keep = name !== null && (fileName === null || rule !== null);
    this.part = { name: name ?? "", fileName, type, rule, keep, chunks: [], size: 0 };
  }

  private data(bytes: Buffer): void {
    const part = this.part;
    if (this.state !== "body" || !part || !part.keep || !bytes.length) return;
    part.size += bytes.length;
    if (part.rule && part.size > part.rule.maxBytes) throw new AppError("payload_too_large", part.rule.tooLarge(part.fileName ?? ""));
    if (!part.rule && part.size > MAX_FIELD_BYTES) throw new AppError("payload_too_large", this.limits.tooLarge);
    part.chunks.push(bytes);
  }

  private finishPart(): void {
    const part = this.part;
    this.part = null;
    if (!part?.keep) return;
    if (part.fileName === null) this.form.append(part.name, Buffer.concat(part.chunks).toString("utf8"));
    else this.form.append(part.name, new File(part.chunks as BlobPart[], part.fileName, part.type ? { type: part.type } : {}));
  }
}

/** `; name="x"; filename="a.png"` → { name: "x", filename: "a.png" }; `filename*=UTF-8''…` decoded. */
function headerParams(text: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const m of text.matchAll(/;\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g)) {
    const key = m[1]!.toLowerCase();
    let value = m[2] !== undefined ? m[2].replace(/\\(.)/g, "$1") : m[3]!.trim();
    if (key.endsWith("*")) {
      const encoded = /^[^']*'[^']*'(.*)$/.exec(value)?.[1];
      try {
        value = encoded === undefined ? value : decodeURIComponent(encoded);
      } catch {
        continue;
      }
    }
    params[key] ??= value;
  }
  return params;
}
