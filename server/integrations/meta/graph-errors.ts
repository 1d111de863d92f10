// Meta's Graph API errors, sorted into the few outcomes the app acts on (docs/META.md).

export type GraphFailureKind =
  | "person_unavailable" // 551: the person cannot receive messages now; do not retry
  | "outside_window" // 10 / 2018278: the messaging window is closed; do not retry, tell the agent
  | "token_invalid" // 190: the page needs a new access token
  | "rate_limited" // 4, 17, 32, 613: back off
  | "transient" // 2, 1200, 5xx, network: retry with backoff
  | "invalid_parameter" // 100: our request was wrong (or a recipient Meta does not know)
  | "permission_denied" // 200, 230: the app may not do this (handover: not the primary receiver)
  | "not_thread_owner" // 10 / 2018300: another app controls the thread (handover protocol)
  | "page_restricted" // 10 / 1893063: Meta temporarily restricted the Page (a page-health state, like a policy warning)
  | "unknown";

export class GraphError extends Error {
  constructor(
    readonly kind: GraphFailureKind,
    message: string,
    readonly code?: number,
    readonly subcode?: number,
    readonly httpStatus?: number,
    /**
     * The request went out and no answer came back (a timeout, the connection cut, a 200 without its body):
     * Meta may have carried it out. A refusal, of any status, is an answer; so is a connection never made.
     */
    readonly unanswered = false,
  ) {
    super(message);
    this.name = "GraphError";
  }

  get retryable(): boolean {
    return this.kind === "transient" || this.kind === "rate_limited";
  }
}

const RATE_LIMIT_CODES = new Set([4, 17, 32, 613]);
const TRANSIENT_CODES = new Set([1, 2, 1200]);

/** The Send API's refusal while another app holds the thread (handover protocol), as Meta answers it. */
export const NOT_THREAD_OWNER_SUBCODE = 2018300;
/** "Page temporarily restricted" (Meta's changelog, 2026-06-25): the Page may not send for a while. */
export const PAGE_RESTRICTED_SUBCODE = 1893063;
/** thread_owner asked by a secondary receiver while another secondary receiver holds the thread. */
export const OWNER_HIDDEN_SUBCODE = 2018234;

export function classifyGraphError(code: number | undefined, subcode: number | undefined, httpStatus: number): GraphFailureKind {
  if (code === 551) return "person_unavailable";
  if (subcode === NOT_THREAD_OWNER_SUBCODE) return "not_thread_owner";
  if (subcode === PAGE_RESTRICTED_SUBCODE) return "page_restricted";
  if (code === 10 && (subcode === 2018278 || subcode === undefined)) return "outside_window";
  if (subcode === 2018278) return "outside_window";
  if (code === 190) return "token_invalid";
  if (code !== undefined && RATE_LIMIT_CODES.has(code)) return "rate_limited";
  if ((code !== undefined && TRANSIENT_CODES.has(code)) || httpStatus >= 500) return "transient";
  if (code === 100) return "invalid_parameter";
  if (code === 200 || code === 230) return "permission_denied";
  return "unknown";
}

/** Builds a GraphError from a Graph error body `{error:{message, code, error_subcode}}`. */
export function graphErrorFrom(body: unknown, httpStatus: number): GraphError {
  const error = (body as { error?: { message?: unknown; code?: unknown; error_subcode?: unknown } } | undefined)?.error;
  const code = typeof error?.code === "number" ? error.code : undefined;
  const subcode = typeof error?.error_subcode === "number" ? error.error_subcode : undefined;
  const message = typeof error?.message === "string" ? error.message : `Graph API answered ${httpStatus}`;
  return new GraphError(classifyGraphError(code, subcode, httpStatus), message, code, subcode, httpStatus);
}

/** The sentence an agent sees when Meta refused a message. */
export function agentMessageFor(error: GraphError): string {
  switch (error.kind) {
    case "person_unavailable":
      return "This person isn't available to receive messages right now.";
    case "outside_window":
      return "Facebook refused the message: the reply window for this conversation has closed.";
    case "token_invalid":
      return "This page's Facebook access token is no longer valid. Ask an admin to reconnect the page.";
    case "rate_limited":
      return "Facebook is limiting messages for this page right now. Please try again in a minute.";
    case "transient":
      return "Facebook did not answer. Please try again.";
    case "not_thread_owner":
      return "Another app controls this conversation on Facebook. Take control to reply.";
    case "permission_denied":
      return "Facebook did not allow this for the page's Meta app.";
    case "page_restricted":
      return "Meta has temporarily restricted this Page, so it cannot send right now. Your admins were told.";
    default:
      return "Facebook refused the message.";
  }
}
