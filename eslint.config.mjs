import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";

export default tseslint.config(
  { ignores: ["node_modules", ".next", ".next-*", "server/generated", ".data", "test-results", "playwright-report", "next-env.d.ts"] },
  js.configs.recommended,
  // Plain Node scripts (config files, postinstall) run in Node with its globals.
  { files: ["**/*.mjs"], languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly" } } },
  ...tseslint.configs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // Sonner stays out of the first loads (docs/PERFORMANCE.md): toasts go through lib/toast.ts, which loads it on first use.
      "@typescript-eslint/no-restricted-imports": ["error", { paths: [{ name: "sonner", message: "Import toast from @/lib/toast: it loads sonner on the first toast.", allowTypeImports: true }] }],
    },
  },
  // One logger (server/observability/log.ts): structured, redacted, with the request id. console.* would
  // bypass all three; log.ts itself routes third-party console output into the logger.
  { files: ["server/**/*.ts", "workers/**/*.ts"], ignores: ["server/observability/log.ts"], rules: { "no-console": "error" } },
);
