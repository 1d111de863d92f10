// Zod 4 compiles object parsers with `new Function` when the page allows it, and probes for that with a
// `Function("")` call — which our Content-Security-Policy (no 'unsafe-eval') refuses and Chromium reports as
// a violation. In the browser the schemas parse form-sized objects: the interpreted parser is plenty.
//
// This must hold before the first schema is built (zod probes when it builds an object schema), yet
// importing zod here would put all of it (~30 KB gzip) into every page's first load, /chats included,
// which parses nothing with zod until a form or panel opens (docs/PERFORMANCE.md). Zod keeps its global config in
// `globalThis.__zod_globalConfig` (what `z.config()` writes) and adopts an object already there when it
// loads, so the flag is set without loading zod; mutating the object also works if zod loaded first.
// tests/unit/zod-browser.test.ts pins that contract.

type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };

const holder = globalThis as ZodGlobal;
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
