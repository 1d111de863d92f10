import { describe, expect, it } from "vitest";
import { db } from "@/server/db";
import * as otpRoute from "@/app/api/auth/otp/route";
import * as verifyRoute from "@/app/api/auth/verify/route";
import * as meRoute from "@/app/api/auth/me/route";
import { mailbox } from "./support/per-file";
import { call } from "./support/http";
import { makeCompany, makePage, makeUser } from "./support/factory";

const requestCode = (email: string, ip = "10.0.0.1") => call(otpRoute.POST, "POST", "/api/auth/otp", { body: { email }, ip });
const verify = (email: string, otp: string, ip = "10.0.0.1") => call(verifyRoute.POST, "POST", "/api/auth/verify", { body: { email, otp }, ip });
const me = (token: string) => call(meRoute.GET, "GET", "/api/auth/me", { token });

async function signIn(typed: string) {
  const email = typed.trim().toLowerCase();
  const known = mailbox.codesTo(email).length;
  expect((await requestCode(typed)).status).toBe(200);
  const code = await mailbox.waitForCode(email, known);
  return verify(typed, code);
}

describe("e-mail code sign-in", () => {
  it("sends a code by e-mail and exchanges it for {user, token} with the user's pages", async () => {
    const company = await makeCompany();
    const staff = await makeUser("staff", company.id, { email: "sara@example.test", name: "Sara" });
    const page = await makePage(company.id, [staff.id], "Shoes");
    await makePage(company.id, [], "Not assigned");

    const res = await signIn("  SARA@Example.test ");
    expect(res.status).toBe(200);
    expect(res.body.token).toEqual(expect.any(String));
    expect(res.body.user).toMatchObject({ _id: staff.id, name: "Sara", email: "sara@example.test", role: "staff", pages: [{ id: page.id, name: "Shoes" }] });

    const whoAmI = await me(res.body.token);
    expect(whoAmI.status).toBe(200);
    expect(whoAmI.body.user._id).toBe(staff.id);
    // The profile shows the company of staff too (it read it from the users API, which staff may not call).
    expect(res.body.user.companyName).toBe(company.name);
    expect(whoAmI.body.user.companyName).toBe(company.name);
  });

  it("stores only a hash of the code", async () => {
    const company = await makeCompany();
    await makeUser("admin", company.id, { email: "hash@example.test" });
    await requestCode("hash@example.test");
    const code = await mailbox.waitForCode("hash@example.test");
    const rows = await db.oneTimeCode.findMany({ where: { email: "hash@example.test" } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).not.toContain(code);
    expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("refuses a code used twice", async () => {
    const company = await makeCompany();
    await makeUser("staff", company.id, { email: "once@example.test" });
    await requestCode("once@example.test");
    const code = await mailbox.waitForCode("once@example.test");
    expect((await verify("once@example.test", code)).status).toBe(200);
    const again = await verify("once@example.test", code);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe("Invalid or expired code. Please request a new one.");
  });

  it("refuses an expired code", async () => {
    const company = await makeCompany();
    await makeUser("staff", company.id, { email: "late@example.test" });
    await requestCode("late@example.test");
    const code = await mailbox.waitForCode("late@example.test");
    await db.oneTimeCode.updateMany({ where: { email: "late@example.test" }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await verify("late@example.test", code)).status).toBe(400);
  });

  it("kills a code after 5 wrong tries, even if the right one comes next", async () => {
    const company = await makeCompany();
    await makeUser("staff", company.id, { email: "guess@example.test" });
    await requestCode("guess@example.test");
    const code = await mailbox.waitForCode("guess@example.test");
    const wrong = code === "000000" ? "111111" : "000000";
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await verify("guess@example.test", wrong);
      expect(res.status).toBe(400);
      messages.push(res.body.error);
    }
    expect(messages[0]).toBe("Incorrect code. 4 attempts left.");
    expect(messages[4]).toBe("Too many wrong attempts. Please request a new code.");
    expect((await verify("guess@example.test", code)).status).toBe(400);
  });

  it("only the newest code works after asking again", async () => {
    const company = await makeCompany();
    await makeUser("staff", company.id, { email: "twice@example.test" });
    await requestCode("twice@example.test");
    const first = await mailbox.waitForCode("twice@example.test", 0);
    await requestCode("twice@example.test");
    const second = await mailbox.waitForCode("twice@example.test", 1);
    if (first !== second) expect((await verify("twice@example.test", first)).status).toBe(400);
    expect((await verify("twice@example.test", second)).status).toBe(200);
  });

  it("answers an unknown e-mail exactly like a known one, and sends nothing", async () => {
    const company = await makeCompany();
    await makeUser("staff", company.id, { email: "known@example.test" });
    const known = await requestCode("known@example.test");
    const unknown = await requestCode("nobody@example.test");
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    await mailbox.waitForCode("known@example.test");
    expect(mailbox.mailsTo("nobody@example.test")).toHaveLength(0);
    // The same work on the response path for both (one stored code each), so timing cannot tell them apart.
    expect(await db.oneTimeCode.count({ where: { email: "nobody@example.test" } })).toBe(1);
    expect(await db.oneTimeCode.count({ where: { email: "known@example.test" } })).toBe(1);
  });

  it("answers wrong codes for an unknown, a banned and a real account with the same texts", async () => {
    const company = await makeCompany();
    await makeUser("staff", company.id, { email: "real@example.test" });
    await makeUser("staff", company.id, { email: "off@example.test", isActive: false });
    const transcript = async (email: string) => {
      await requestCode(email);
      const texts: string[] = [];
      for (let i = 0; i < 6; i++) texts.push((await verify(email, "000000")).body.error);
      return texts;
    };
    const real = await transcript("real@example.test");
    expect(real[0]).toBe("Incorrect code. 4 attempts left.");
    expect(await transcript("ghost@example.test")).toEqual(real);
    expect(await transcript("off@example.test")).toEqual(real);
    // Without a request, every address gets the same answer too.
    await makeUser("staff", company.id, { email: "idle@example.test" });
    expect((await verify("never-asked@example.test", "123456")).body.error).toBe((await verify("idle@example.test", "123456")).body.error);
  });

  it("compares at most 5 guesses per code, however many arrive at once", async () => {
    const company = await makeCompany();
    await makeUser("staff", company.id, { email: "race@example.test" });
    await requestCode("race@example.test");
    const code = await mailbox.waitForCode("race@example.test");
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0");
    // 50 concurrent guesses, the right code last: it must not get through once 5 tries are spent.
    const guesses = Array.from({ length: 50 }, (_, i) => (i === 49 ? code : wrong(i)));
    const results = await Promise.all(guesses.map((otp, i) => verify("race@example.test", otp, `10.7.${i}.1`)));
    const compared = results.filter((r) => r.status === 200 || /^Incorrect code/.test(r.body.error ?? "")).length;
    expect(compared).toBeLessThanOrEqual(5);
    expect((await db.oneTimeCode.findFirstOrThrow({ where: { email: "race@example.test" } })).attempts).toBe(5);
    // Had the right code been compared among the 5, it would have signed in; either way never a 6th compare.
    expect(results.filter((r) => r.status === 200).length).toBeLessThanOrEqual(1);
  });

  it("answers a banned e-mail like a known one at the send step, and refuses it at verify", async () => {
    const company = await makeCompany();
    const user = await makeUser("staff", company.id, { email: "banned@example.test" });
    await requestCode("banned@example.test");
    const code = await mailbox.waitForCode("banned@example.test");
    await db.user.update({ where: { id: user.id }, data: { isActive: false } });
    const res = await verify("banned@example.test", code);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("Your account has been deactivated. Please contact your administrator.");
    // Already banned when asking: same answer as anyone else, no mail.
    const again = await requestCode("banned@example.test");
    expect(again.status).toBe(200);
    expect(again.body).toEqual((await requestCode("someone@example.test")).body);
  });

  it("rate-limits code requests per e-mail with 429 and Retry-After", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await requestCode("flood@example.test", `10.0.1.${i}`)).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    const limited = await requestCode("flood@example.test", "10.0.2.1");
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe("Too many code requests. Please wait a few minutes and try again.");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("rate-limits code requests per IP across e-mails", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await requestCode(`spray${i}@example.test`, "10.9.9.9")).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses[20]).toBe(429);
    expect((await requestCode("spray-other@example.test", "10.9.9.8")).status).toBe(200);
  });

  it("rejects malformed bodies with 400 and per-field messages, changing nothing", async () => {
    const cases: [unknown, string, string][] = [
      [{}, "email", "Email is required"],
      [{ email: "" }, "email", "Email is required"],
      [{ email: "not-an-address" }, "email", "Please enter a valid email address"],
      [{ email: 42 }, "email", "Email is required"],
    ];
    for (const [body, field, message] of cases) {
      const res = await call(otpRoute.POST, "POST", "/api/auth/otp", { body });
      expect(res.status).toBe(400);
      expect(res.body.fields[field]).toBe(message);
      expect(res.body.error).toBe(message);
    }
    const verifyCases: [unknown, string][] = [
      [{ email: "a@example.test" }, "OTP is required"],
      [{ email: "a@example.test", otp: "" }, "OTP is required"],
      [{ email: "a@example.test", otp: "12345" }, "OTP must be 6 digits"],
      [{ email: "a@example.test", otp: "12a456" }, "OTP must contain only numbers"],
    ];
    for (const [body, message] of verifyCases) {
      const res = await call(verifyRoute.POST, "POST", "/api/auth/verify", { body });
      expect(res.status).toBe(400);
      expect(res.body.fields.otp).toBe(message);
    }
    const broken = await call(otpRoute.POST, "POST", "/api/auth/otp", { rawBody: "{not json", headers: { "content-type": "application/json" } });
    expect(broken.status).toBe(400);
    expect(broken.body.error).toBe("Request body must be valid JSON");
    expect(await db.oneTimeCode.count()).toBe(0);
  });
});

describe("bearer tokens", () => {
  it("rejects calls without a token, with a forged token, and with garbage", async () => {
    expect((await call(meRoute.GET, "GET", "/api/auth/me")).status).toBe(401);
    expect((await me("not-a-token")).status).toBe(401);
    expect((await call(meRoute.GET, "GET", "/api/auth/me", { headers: { authorization: "Basic abc" } })).status).toBe(401);
  });

  it("stops working at once when the user is banned, and again works when unbanned", async () => {
    const company = await makeCompany();
    const user = await makeUser("admin", company.id, { email: "soon-banned@example.test" });
    const { body } = await signIn("soon-banned@example.test");
    expect((await me(body.token)).status).toBe(200);
    await db.user.update({ where: { id: user.id }, data: { isActive: false } });
    const res = await me(body.token);
    expect(res.status).toBe(401);
    await db.user.update({ where: { id: user.id }, data: { isActive: true } });
    expect((await me(body.token)).status).toBe(200);
  });

  it("stops working when the user is deleted", async () => {
    const company = await makeCompany();
    const user = await makeUser("staff", company.id, { email: "gone@example.test" });
    const { body } = await signIn("gone@example.test");
    await db.user.delete({ where: { id: user.id } });
    expect((await me(body.token)).status).toBe(401);
  });
});
