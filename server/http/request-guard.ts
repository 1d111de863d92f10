import type { IncomingMessage, ServerResponse } from "node:http";

// Requests the custom server answers itself before Next sees them, because Next would answer them with a
// plain-text 500: a path whose percent-encoding does not decode (`/api/pages/%zz`) fails inside Next's
// router while it builds the route params.

function pathDecodes(url: string): boolean {
  const path = url.split("?")[0] ?? "";
  try {
    for (const segment of path.split("/")) decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

/** Answers a malformed request with a JSON 400 and returns true; false lets the request through. */
export function refuseMalformedRequest(req: IncomingMessage, res: ServerResponse): boolean {
  if (pathDecodes(req.url ?? "/")) return false;
  const message = "The request path has invalid percent-encoding";
  res.writeHead(400, { "Content-Type": "application/json" }).end(JSON.stringify({ error: message, message, code: "bad_request" }));
  return true;
}
