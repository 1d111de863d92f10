import { expect, type Page } from "@playwright/test";
import { E2E } from "./env";

// Sign-in helpers: codes are read from the real SMTP server the global setup runs.

export const ACCOUNTS = {
  superAdmin: { email: E2E.superAdminEmail, landing: "/users" },
  companyAdmin: { email: "owner@acme.local", landing: "/company/dashboard" },
  admin: { email: "admin@acme.local", landing: "/company/dashboard" },
  staff: { email: "sara@acme.local", landing: "/chats" },
} as const;

async function mailedCodes(email: string): Promise<string[]> {
  const res = await fetch(`http://127.0.0.1:${E2E.mailApiPort}/?email=${encodeURIComponent(email)}`);
  return ((await res.json()) as { codes: string[] }).codes;
}

/** Waits for a code newer than the `known` ones already mailed to `email`. */
export async function nextCode(email: string, known: number): Promise<string> {
  let code: string | undefined;
  // Asked every 50–100 ms, not on expect.poll's widening steps (100, 250, 500, 1000 ms): a code that lands
  // just after a look is read at once instead of up to a second later, in every sign-in of the suite.
  await expect.poll(async () => (code = (await mailedCodes(email))[known]), { timeout: 10_000, intervals: [50, 100] }).toBeTruthy();
  return code!;
}

export async function codeCount(email: string): Promise<number> {
  return (await mailedCodes(email)).length;
}

/**
 * The whole sign-in through the UI: e-mail step, code from the mailbox, code step. sign-in.spec.ts (and the
 * accessibility and screen specs) test these steps; specs about what a signed-in user does use signInAs.
 */
export async function signIn(page: Page, email: string, { from = "/" } = {}): Promise<void> {
  const known = await codeCount(email);
  await page.goto(from);
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page).toHaveURL(/[?&]mode=otp/);
  await page.getByLabel("Verification code").fill(await nextCode(email, known));
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  // Signed in once the session is stored: a spec that navigates straight on must not race the sign-in
  // (on a busy machine it did, and landed back on the sign-in page).
  await page.waitForFunction(() => window.localStorage.getItem("token") !== null, undefined, { timeout: 15_000 });
}

const APP = `http://localhost:${E2E.port}`;
/** A blank page of the app's origin, answered by the browser itself: somewhere to write its localStorage. */
const BLANK = `${APP}/__e2e-session`;

/**
 * Signed in as `email` without walking the sign-in screens: a new session through the real endpoints
 * (POST /api/auth/otp, the code from the mailbox, POST /api/auth/verify), stored where the sign-in form
 * stores it (lib/session.ts: "token" and "user" in localStorage), then `from` is opened, so a signed-in
 * visit to / goes on to the role's landing path as after a sign-in. Each call is a session of its own, as
 * signIn's is (sign-out tests end theirs). Saves the sign-in screens' page load and form round trips in every
 * test that is not about them.
 */
export async function signInAs(page: Page, email: string, { from = "/" } = {}): Promise<void> {
  const known = await codeCount(email);
  const json = { "Content-Type": "application/json" };
  const otp = await fetch(`${APP}/api/auth/otp`, { method: "POST", headers: json, body: JSON.stringify({ email }) });
  expect(otp.status, `POST /api/auth/otp for ${email}`).toBe(200);
  const verify = await fetch(`${APP}/api/auth/verify`, { method: "POST", headers: json, body: JSON.stringify({ email, otp: await nextCode(email, known) }) });
  expect(verify.status, `POST /api/auth/verify for ${email}`).toBe(200);
  const session = (await verify.json()) as { token: string; user: unknown };
  await page.route(BLANK, (route) => route.fulfill({ contentType: "text/html", body: "<!doctype html><title>session</title>" }));
  await page.goto(BLANK);
  await page.evaluate(({ token, user }) => {
    window.localStorage.setItem("token", token);
    window.localStorage.setItem("user", JSON.stringify(user));
  }, session);
  await page.unroute(BLANK);
  await page.goto(from);
  // The app sends a signed-in visit to / on once it has hydrated and restored the session: on a busy
  // machine that takes longer than an expect's wait, so it gets the UI sign-in's 15 s for the same step.
  if (from === "/") await page.waitForURL((url) => url.pathname !== "/", { timeout: 15_000 });
}
