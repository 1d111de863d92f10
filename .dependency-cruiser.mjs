// Architecture rules (docs/ARCHITECTURE.md "Rules the tools keep"): layers and no import circles.
// Run with `npm run lint:arch`; `npm test` runs it after lint.

/** A layer rule: no module under `from` may import one under `to` (paths as regular expressions). */
const layer = (name, comment, from, to) => ({ name, severity: "error", comment, from: { path: from }, to: { path: to } });

export default {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Import circles make load order matter; break them by moving the shared type or constant.",
      from: {},
      to: { circular: true },
    },
    layer("lib-is-browser-safe", "lib/ is shared with the browser: it must not import server/, workers/ or app/.", "^lib/", "^(server|workers)/"),
    {
      name: "lib-types-routes-only",
      severity: "error",
      comment:
        "lib/ may name an /api route's type (its answer, lib/contract/http.ts) with `import type`, which the bundle drops; nothing else of app/, and no value import of it.",
      from: { path: "^lib/" },
      to: { path: "^app/", pathNot: "^app/api/.+/route\\.ts$" },
    },
    {
      name: "lib-route-imports-are-types",
      severity: "error",
      comment: "A route module imported by lib/ for its answer's type must be `import type`: its value is server code.",
      from: { path: "^lib/" },
      to: { path: "^app/api/.+/route\\.ts$", dependencyTypesNot: ["type-only"] },
    },
    layer("components-not-server", "components/ run in the browser: they must not import server/ or workers/.", "^components/", "^(server|workers)/"),
    layer("backend-not-ui", "server/ and workers/ must not import app/ (routes, pages) or components/.", "^(server|workers)/", "^(app|components)/"),
    layer("server-not-workers", "The web process must not depend on worker code; shared code lives in server/.", "^server/", "^workers/"),
    layer("product-not-tools", "tools/ (the Messenger simulator) stands in for Facebook in dev and tests; the product never imports it.", "^(app|components|lib|server|workers)/", "^tools/"),
    layer("outbound-not-inbound", "A send must not call into the webhook wing; what both need lives in services/conversations.", "^server/services/outbound/", "^server/services/inbound/"),
    layer("infrastructure-not-services", "Infrastructure rooms (Meta, storage, concurrency, db) know nothing of the product's rules.", "^server/(integrations|storage|concurrency|db)/", "^server/services/"),
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|server/generated|\\.next|\\.data|test-results)/" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
    skipAnalysisNotInRules: true,
  },
};
