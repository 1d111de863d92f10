import type { IncomingMessage } from "node:http";
import type { SimContext } from "../context";
import type { SimPage } from "../state";
import { invalidToken } from "./graph-error";

// Graph takes the token from ?access_token=, an access_token form field, or an Authorization header
// ("Bearer …" or the older "OAuth …").

export function accessTokenFrom(req: IncomingMessage, url: URL, fields: Record<string, unknown> = {}): string | undefined {
  const header = req.headers.authorization;
  const fromHeader = header ? /^(?:Bearer|OAuth)\s+(.+)$/i.exec(header.trim())?.[1] : undefined;
  const fromField = typeof fields.access_token === "string" ? fields.access_token : undefined;
  return url.searchParams.get("access_token") ?? fromField ?? fromHeader;
}

/** The page a token belongs to; error 190 for an unknown token or one that belongs to another page. */
export function pageForToken(ctx: SimContext, token: string | undefined, pageIdInPath?: string): SimPage {
  if (!token) throw invalidToken();
  const page = [...ctx.state.pages.values()].find((p) => p.accessToken === token);
  if (!page) throw invalidToken();
  if (pageIdInPath !== undefined && pageIdInPath !== "me" && pageIdInPath !== page.pageId) throw invalidToken();
  return page;
}
