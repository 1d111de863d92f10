import { fbtraceId } from "../ids";

// Graph API errors exactly as Meta writes them: {error:{message, type:"OAuthException", code,
// error_subcode?, is_transient?, fbtrace_id}}. Messages follow Meta's "(#code) …" wording from the
// Messenger Platform error-code reference and what Meta actually returns.

type Known = { message: string; httpStatus: number; subcode?: number; transient?: boolean };

const BY_CODE: Record<number, Known> = {
  2: { message: "An unexpected error has occurred. Please retry your request later.", httpStatus: 500, transient: true },
  4: { message: "(#4) Application request limit reached", httpStatus: 400 },
  10: {
    message: "(#10) This message is sent outside of allowed window. Learn more about the new policy here: https://developers.facebook.com/docs/messenger-platform/policy-overview",
    httpStatus: 400,
    subcode: 2018278,
  },
  17: { message: "(#17) User request limit reached", httpStatus: 400 },
  32: { message: "(#32) Page request limit reached", httpStatus: 400 },
  100: { message: "(#100) Invalid parameter", httpStatus: 400 },
  190: { message: "Invalid OAuth access token.", httpStatus: 400 },
  551: { message: "(#551) This person isn't available right now.", httpStatus: 400, subcode: 1545041 },
  613: { message: "(#613) Calls to this api have exceeded the rate limit.", httpStatus: 400 },
  1200: { message: "(#1200) Temporary send message failure. Please try again later.", httpStatus: 500, transient: true },
  // Private replies to comments (graph/private-reply.ts): one per comment, within 7 days of it.
  10900: { message: "(#10900) Activity already replied to", httpStatus: 400 },
  10903: { message: "(#10903) This activity can't be replied to", httpStatus: 400 },
};

const BY_SUBCODE: Record<number, string> = {
  33: "Unsupported request. Object does not exist, cannot be loaded due to missing permissions, or does not support this operation.",
  2018001: "(#100) No matching user found",
  2018034: "(#100) Message cannot be empty, must provide valid attachment or text",
  2018278: BY_CODE[10]!.message,
  1545041: BY_CODE[551]!.message,
};


export class GraphApiError extends Error {
  readonly httpStatus: number;
  readonly subcode?: number;
  readonly transient: boolean;
  headers: Record<string, string> = {};

  constructor(
    readonly code: number,
    options: { subcode?: number; message?: string; httpStatus?: number } = {},
  ) {
    const known = BY_CODE[code];
    const subcode = options.subcode ?? known?.subcode;
    super(options.message ?? (subcode !== undefined ? BY_SUBCODE[subcode] : undefined) ?? known?.message ?? `(#${code}) Simulated Graph API error`);
    this.name = "GraphApiError";
    this.subcode = subcode;
    this.httpStatus = options.httpStatus ?? known?.httpStatus ?? 400;
    this.transient = known?.transient ?? false;
    // Meta's answer to a bad token also names the problem in WWW-Authenticate.
    if (code === 190) this.headers["WWW-Authenticate"] = `OAuth "Facebook Platform" "invalid_token" "${this.message}"`;
  }

  toBody() {
    return {
      error: {
        message: this.message,
        type: "OAuthException",
        code: this.code,
        ...(this.subcode !== undefined ? { error_subcode: this.subcode } : {}),
        ...(this.transient ? { is_transient: true } : {}),
        fbtrace_id: fbtraceId(),
      },
    };
  }
}

/** (#100) with Meta's wording for what was wrong with the request. */
export function invalidParameter(message: string, subcode?: number): GraphApiError {
  return new GraphApiError(100, { message: message.startsWith("(#100)") ? message : `(#100) ${message}`, subcode });
}

export const invalidToken = () => new GraphApiError(190);

/** What Graph answers for an id it does not know, or one the token may not read. */
export function unsupportedRequest(method: string, id: string): GraphApiError {
  return new GraphApiError(100, {
    subcode: 33,
    message: `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
  });
}
