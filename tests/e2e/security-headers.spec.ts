import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS, signInAs } from "./support/auth";
import { E2E } from "./support/env";

// The Content-Security-Policy and the other security headers (security finding 5): every screen of every
// role works under the strict policy with no violation reported by Chromium, and the app cannot be framed.

const APP = `http://localhost:${E2E.port}`;
const SIM = `http://127.0.0.1:${E2E.simulatorPort}`;

async function simPost<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${SIM}${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return (await res.json()) as T;
}

/** Collects every CSP violation the page reports, from the DOM event and from the console. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("__cspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __cspViolation(t: string): void }).__cspViolation(`${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (load|execute|connect|apply|frame)/i.test(message.text())) violations.push(message.text());
  });
  page.on("pageerror", (error) => violations.push(`pageerror: ${error.message}`));
  return violations;
}

async function visit(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Access Denied" })).toHaveCount(0);
}

test("screens carry a nonce CSP and the other security headers; API answers the base headers", async ({ request }) => {
  const screen = await request.get(`${APP}/`);
  const csp = screen.headers()["content-security-policy"] ?? "";
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}' 'strict-dynamic'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).not.toContain("unsafe-eval");
  const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
  const html = await screen.text();
  // Next put the response's nonce on its scripts; a second response has another nonce.
  expect(html).toContain(`nonce="${nonce}"`);
  expect((await request.get(`${APP}/`)).headers()["content-security-policy"]).not.toContain(nonce);
  for (const response of [screen, await request.get(`${APP}/api/health`)]) {
    const headers = response.headers();
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]).toContain("camera=()");
    expect(headers["strict-transport-security"]).toContain("max-age=");
  }
});

test("the app cannot be framed by another site", async ({ page }) => {
  // Any other origin: the simulator's.
  await page.goto(`http://127.0.0.1:${E2E.simulatorPort}/`);
  await page.evaluate((src) => {
    const frame = document.createElement("iframe");
    frame.src = src;
    frame.id = "victim";
    document.body.append(frame);
  }, `${APP}/`);
  await page.waitForTimeout(1500);
  const framed = page.frames().find((f) => f.url().startsWith(APP));
  const signInShown = framed ? await framed.getByRole("heading", { name: "Sign in to Switchboard" }).count().catch(() => 0) : 0;
  expect(signInShown).toBe(0);
});

const SCREENS = {
  superAdmin: ["/users", "/dashboard", "/create-user", "/pages", "/profile"],
  companyAdmin: ["/company/dashboard", "/company/users", "/company/create-user", "/company/fb-pages", "/company/whitelist-urls", "/company/url-violations", "/company/send-offer", "/company/scheduled-offers", "/profile"],
  staff: ["/profile"],
} as const;

for (const role of ["superAdmin", "companyAdmin", "staff"] as const) {
  test(`${role}: every screen works with no CSP violation`, async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Sign in to Switchboard" })).toBeVisible();
    await signInAs(page, ACCOUNTS[role].email);
    await expect(page).toHaveURL(new RegExp(`${ACCOUNTS[role].landing}$`));
    for (const path of SCREENS[role]) await visit(page, path);
    if (role === "staff") {
      // The inbox: its socket connects (connect-src), a customer's avatar and image load (img-src).
      const name = `Csp${Date.now().toString(36)}`;
      const { psid } = await simPost<{ psid: string }>("/sim/customers", { pageId: "100000000000001", firstName: name, lastName: "Lima" });
      await simPost("/sim/messages", { pageId: "100000000000001", psid, imageUrl: "/samples/parcel.png" });
      await page.goto("/chats");
      await expect(page.getByRole("status").filter({ hasText: "Live" })).toBeVisible({ timeout: 15_000 });
      await page.getByRole("list", { name: "Conversations" }).getByRole("listitem").filter({ hasText: name }).click();
      const image = page.getByTestId("message-scroller").locator("img").last();
      await expect(image).toBeVisible();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    }
    expect(violations).toEqual([]);
  });
}
