// What an /api route answers, typed from the route itself (issue 44): the route wrapper keeps the type of
// the handler's result on the handler (RouteHandler's `answer`, server/http/route.ts), and the browser names
// the route it calls — `api<Answer<typeof POST>>(…)` with `import type { POST } from "@/app/api/…/route"` —
// so an answer is declared once, by the code that produces it. Types only: nothing here reaches the bundle.

/** A value as JSON carries it: dates become strings, functions and undefined fields drop out. */
export type Json<T> = T extends Date
  ? string
  : T extends string | number | boolean | null
    ? T
    : T extends readonly (infer U)[]
      ? Json<U>[]
      : T extends object
        ? { [K in keyof T as T[K] extends (...args: never[]) => unknown ? never : K]: Json<T[K]> }
        : never;

/** A Response that says what JSON it carries (server/http/route.ts `json()`: a 201 with its body, say). */
export type JsonResponse<T> = Response & { readonly jsonBody?: T };

type Body<R> = R extends { readonly jsonBody?: infer T } ? T : R extends Response ? never : R;

/** The JSON body a route answers with on success (a handler returning nothing answers `{ok: true}`). */
export type Answer<H> = H extends { readonly answer?: infer R }
  ? Json<Body<Exclude<R, null | undefined | void>>> | ([Extract<R, null | undefined | void>] extends [never] ? never : { ok: true })
  : never;
