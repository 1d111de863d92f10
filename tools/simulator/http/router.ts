import type { IncomingMessage, ServerResponse } from "node:http";
import type { SimContext } from "../context";

// A table of "METHOD /path/:param" routes. Small on purpose: the simulator has a few dozen endpoints and
// no middleware beyond error mapping (see server.ts).

export type RouteContext = {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  params: Record<string, string>;
  sim: SimContext;
};

export type RouteHandler = (ctx: RouteContext) => Promise<void> | void;

type Route = { method: string; pattern: RegExp; names: string[]; handler: RouteHandler };

export class Router {
  private readonly routes: Route[] = [];

  add(method: string, path: string, handler: RouteHandler): this {
    const names: string[] = [];
    const source = path
      .split("/")
      .map((segment) => {
        if (!segment.startsWith(":")) return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        names.push(segment.slice(1));
        return "([^/]+)";
      })
      .join("/");
    this.routes.push({ method, pattern: new RegExp(`^${source}/?$`), names, handler });
    return this;
  }

  /** The matching route, or "method_not_allowed" when only the method differs, or undefined. */
  match(method: string, pathname: string): { handler: RouteHandler; params: Record<string, string> } | "method_not_allowed" | undefined {
    let pathMatched = false;
    for (const route of this.routes) {
      const found = route.pattern.exec(pathname);
      if (!found) continue;
      pathMatched = true;
      if (route.method !== method) continue;
      const params = Object.fromEntries(route.names.map((name, i) => [name, decodeURIComponent(found[i + 1] ?? "")]));
      return { handler: route.handler, params };
    }
    return pathMatched ? "method_not_allowed" : undefined;
  }
}
