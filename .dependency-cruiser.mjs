// Architecture rules (docs/ARCHITECTURE.md "Rules the tools keep"): layers and no import circles.
// Run with `npm run lint:arch`; `npm test` runs it after lint.

export default {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Import circles make load order matter; break them by moving the shared type or constant.",
      from: {},
      to: { circular: true },
    },
    {
      name: "lib-is-browser-safe",
      severity: "error",
      comment: "lib/ is shared with the browser: it must not import server/, workers/ or app/.",
      from: { path: "^lib/" },
      to: { path: "^(server|workers|app)/" },
    },
    {
      name: "components-not-server",
      severity: "error",
      comment: "components/ run in the browser: they must not import server/ or workers/.",
      from: { path: "^components/" },
      to: { path: "^(server|workers)/" },
    },
    {
      name: "backend-not-ui",
      severity: "error",
      comment: "server/ and workers/ must not import app/ (routes, pages) or components/.",
      from: { path: "^(server|workers)/" },
      to: { path: "^(app|components)/" },
    },
    {
      name: "server-not-workers",
      severity: "error",
      comment: "The web process must not depend on worker code; shared code lives in server/.",
      from: { path: "^server/" },
      to: { path: "^workers/" },
    },
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
