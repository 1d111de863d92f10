import type { IncomingMessage, ServerResponse } from "node:http";

// The request path, settled once before anything routes on it (server/lifecycle/app-server.ts and the
// webhook listener's thread). Two rules (docs/DECISIONS.md, "One spelling of a path"):
// - A path whose percent-encoding does not decode (`/api/pages/%zz`) gets a JSON 400 here: Next would
//   answer it with a plain-text 500 from inside its router.
// - An /api path has one spelling: segments percent-decoded, `.` and `..` resolved, empty segments (a
//   double or trailing slash) dropped, `\` read as `/` (as browsers and Next's URL parsing do), then each
//   segment encoded again one way. A request spelled otherwise is served as if spelled that way: the
//   router, the body limits that depend on the route (the webhook's 2 MB) and the metrics all see only
//   the canonical path, so no spelling reaches another handler or skips a limit (issue 29: the webhook
//   with a trailing slash was read without its cap).

/** The canonical spelling of a path, or null when its percent-encoding does not decode. */
export function canonicalPath(path: string): string | null {
  const segments: string[] = [];
  for (const raw of path.replaceAll("\\", "/").split("/")) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (segment === "" || segment === ".") continue;
    if (segment === "..") segments.pop();
    else segments.push(encodeURIComponent(segment));
  }
  return `/${segments.join("/")}`;
}

const isApiPath = (path: string) => path === "/api" || path.startsWith("/api/");

/**
 * The path to route on: for an /api path its canonical spelling, which also replaces `req.url` so the
 * handler reads the same; any other path as sent (Next serves the pages and normalises their paths
 * itself). A malformed path is answered with a JSON 400 here, and null returned.
 */
export function settlePath(req: IncomingMessage, res: ServerResponse): string | null {
  const url = req.url ?? "/";
  const query = url.indexOf("?");
  const sent = query === -1 ? url : url.slice(0, query);
  const canonical = canonicalPath(sent);
  if (canonical === null) {
    const message = "The request path has invalid percent-encoding";
    res.writeHead(400, { "Content-Type": "application/json" }).end(JSON.stringify({ error: message, message, code: "bad_request" }));
    return null;
  }
  if (!isApiPath(canonical)) return sent;
  if (canonical !== sent) req.url = query === -1 ? canonical : canonical + url.slice(query);
  return canonical;
}
