import { z } from "zod";

// Zod 4 compiles object parsers with `new Function` when the page allows it, and probes for that with a
// `Function("")` call — which our Content-Security-Policy (no 'unsafe-eval') refuses and Chromium reports as
// a violation. In the browser the schemas parse form-sized objects: the interpreted parser is plenty.
z.config({ jitless: true });
