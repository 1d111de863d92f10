import { sendContent } from "../http/respond";
import type { Router } from "../http/router";
import { renderUiPage } from "./page";

// The web page is static: everything dynamic comes from /sim/… through its script.

export function registerUiRoutes(router: Router): void {
  const html = renderUiPage();
  // GET / — the "write as a customer" page
  router.add("GET", "/", (ctx) => sendContent(ctx.res, 200, "text/html; charset=utf-8", html, { "Cache-Control": "no-store" }));
  router.add("GET", "/favicon.ico", (ctx) => {
    ctx.res.writeHead(204).end();
  });
}
