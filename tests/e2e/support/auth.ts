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
  await expect.poll(async () => (code = (await mailedCodes(email))[known]), { timeout: 10_000 }).toBeTruthy();
  return code!;
}

export async function codeCount(email: string): Promise<number> {
  return (await mailedCodes(email)).length;
}

/** The whole sign-in through the UI: e-mail step, code from the mailbox, code step. */
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
