import { Writable } from "node:stream";
import { format } from "node:util";
import pino, { type Logger } from "pino";
import { env } from "@/server/env";
import { currentRequestId } from "@/server/observability/request-context";
import { scrubSecrets } from "@/server/observability/scrub";

// One logger per process: JSON lines in production (one object per line for the log shipper), plain
// readable lines in development. Every line carries the request id of the work it belongs to.
// Secrets never reach a line: structured fields by pino's redaction, free text by scrubSecrets.

const REDACT = [
  "token", "accessToken", "access_token", "authorization", "password", "code", "otp", "secret",
  "*.token", "*.accessToken", "*.access_token", "*.authorization", "*.password", "*.code", "*.otp", "*.secret",
  "req.headers.authorization", "req.headers.cookie",
];

const globalForLog = globalThis as unknown as { switchboardLogger?: Logger };

/** Development: "[switchboard] INFO message key=value" instead of JSON. */
function plainStream(): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      const { level, msg, time: _time, pid: _pid, hostname: _host, process: proc, ...rest } = JSON.parse(chunk.toString()) as Record<string, unknown>;
      const extra = Object.entries(rest).map(([k, v]) => `${k}=${typeof v === "string" ? v : JSON.stringify(v)}`).join(" ");
      const line = `[switchboard${proc && proc !== "app" ? `:${String(proc)}` : ""}] ${String(msg ?? "")}${extra ? `  ${extra}` : ""}\n`;
      (Number(level) >= 50 ? process.stderr : process.stdout).write(line);
      done();
    },
  });
}

export function logger(): Logger {
  if (!globalForLog.switchboardLogger) {
    const config = env();
    const options = {
      level: config.LOG_LEVEL,
      base: { pid: process.pid, process: process.env.SWITCHBOARD_PROCESS ?? "app" },
      redact: { paths: REDACT, censor: "[redacted]" },
      mixin: () => {
        const requestId = currentRequestId();
        return requestId ? { requestId } : {};
      },
      hooks: {
        // Free text gets the same protection as fields: a token inside a message string is masked too.
        logMethod(this: Logger, args: unknown[], method: (...a: unknown[]) => void) {
          method.apply(this, args.map((a) => (typeof a === "string" ? scrubSecrets(a) : a)));
        },
      },
    };
    globalForLog.switchboardLogger = config.LOG_FORMAT === "json" ? pino(options, pino.destination({ sync: true })) : pino(options, plainStream());
  }
  return globalForLog.switchboardLogger;
}

/**
 * Sends console.* through the logger, so the existing call sites (many in files other work touches) log
 * structured, redacted lines without each being rewritten. Their "[switchboard] " prefix is dropped.
 */
export function routeConsoleToLogger(): void {
  const log = logger();
  const text = (args: unknown[]) => format(...args).replace(/^\[switchboard\] /, "");
  console.log = (...args: unknown[]) => log.info(text(args));
  console.info = (...args: unknown[]) => log.info(text(args));
  console.warn = (...args: unknown[]) => log.warn(text(args));
  console.error = (...args: unknown[]) => log.error(text(args));
  console.debug = (...args: unknown[]) => log.debug(text(args));
}
