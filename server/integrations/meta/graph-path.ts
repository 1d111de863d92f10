import { GraphError } from "@/server/integrations/meta/graph-errors";

// Graph paths are built from checked ids only. Ids come from Meta (PSIDs in webhooks, Page ids from
// Facebook Login and the Conversations API) and from forms; interpolated unchecked, a PSID "../../x"
// became the request GET /x (the URL parser resolves the dot segments). Every Graph id the app puts in a
// path is digits — Page ids and PSIDs — or two runs of digits joined by "_" (a post `{page}_{post}`, a
// comment `{post}_{comment}`), so anything else is refused before a request is made.

/** A path whose every interpolated id is digits: the only kind graphRequest takes (graph-client.ts). */
export type GraphPath = string & { readonly __graphPath: unique symbol };

const GRAPH_ID = /^\d{1,32}$/;
/** A post or a comment: `{page}_{post}`, `{post}_{comment}`. */
const OBJECT_ID = /^\d{1,32}(_\d{1,32})?$/;
/** The fixed parts come from our code: edges and node names ("me", "/subscribed_apps", "oauth/access_token"). */
const FIXED_PART = /^[a-z_/]*$/;

export function isGraphId(value: unknown): value is string {
  return typeof value === "string" && GRAPH_ID.test(value);
}

/** graphPath`${pageId}/messages`: each interpolated value must be a Graph id, or a GraphError is thrown. */
export function graphPath(fixed: TemplateStringsArray, ...ids: string[]): GraphPath {
  if (!fixed.every((part) => FIXED_PART.test(part) && !part.includes("//"))) throw new Error(`Not a Graph path: ${fixed.join("${…}")}`);
  let path = fixed[0]!;
  ids.forEach((id, i) => {
    if (typeof id !== "string" || !OBJECT_ID.test(id)) {
      throw new GraphError("invalid_parameter", `Refused to call Graph with ${JSON.stringify(String(id).slice(0, 40))} as an id: Graph ids are digits`);
    }
    path += id + fixed[i + 1]!;
  });
  if (!path || path.startsWith("/")) throw new Error(`Not a Graph path: ${path}`);
  return path as GraphPath;
}
