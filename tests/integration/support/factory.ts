import { db } from "@/server/db";
import { issueToken } from "@/server/services/auth/token";
import { encryptSecret } from "@/server/security/secret-box";
import type { Role } from "@/lib/access/roles";

// Small builders for integration tests: rows straight into the real database.

let counter = 0;
const next = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

export async function makeCompany(name = `Company ${next()}`) {
  return db.company.create({ data: { name } });
}

export async function makeUser(role: Role, companyId: string | null, overrides: { email?: string; name?: string; isActive?: boolean } = {}) {
  const id = next();
  return db.user.create({
    data: { role, companyId: role === "super_admin" ? null : companyId, name: overrides.name ?? `${role} ${id}`, email: overrides.email ?? `${role}.${id}@example.test`, isActive: overrides.isActive ?? true },
  });
}

export async function makePage(companyId: string, assignees: string[] = [], name = `Page ${next()}`) {
  const page = await db.page.create({
    data: { companyId, name, facebookPageId: String(100_000_000_000_000 + counter++ + Math.floor(Math.random() * 1e9)), accessTokenEnc: encryptSecret(`token-${next()}-padding-padding`) },
  });
  for (const userId of assignees) await db.pageAssignment.create({ data: { userId, pageId: page.id } });
  return page;
}

export async function tokenFor(user: { id: string }) {
  return issueToken(user.id);
}

/** A company with one Page and a staff member assigned to it, signed in: the inbox as an agent sees it. */
export async function makeStaffPage() {
  const company = await makeCompany();
  const staff = await makeUser("staff", company.id);
  const page = await makePage(company.id, [staff.id]);
  return { page, token: await tokenFor(staff) };
}

/** A real stored upload of `user` (the service that backs POST /api/uploads), for messages and offers that send one. */
export async function makeUpload(user: { id: string; companyId: string | null }): Promise<string> {
  const { storeImages } = await import("@/server/services/uploads/store-images");
  const png = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");
  const form = new FormData();
  form.append("images", new File([png], "photo.png", { type: "image/png" }));
  return (await storeImages(form, { userId: user.id, companyId: user.companyId! })).images[0]!.imageUrl;
}

/**
 * Who may see a page, for visibility tests: in Acme, a staff member assigned to "Shoes", one assigned to
 * nothing and the company admin; the super admin; and another company's admin. "Outlet" is Acme's page
 * nobody is assigned to. `actors` lists the five users as the services take them.
 */
export async function makeVisibilityWorld() {
  const acme = await makeCompany("Acme");
  const globex = await makeCompany("Globex");
  const staff = await makeUser("staff", acme.id);
  const users = [staff, await makeUser("staff", acme.id), await makeUser("company_admin", acme.id), await makeUser("super_admin", null), await makeUser("company_admin", globex.id)];
  const page = await makePage(acme.id, [staff.id], "Shoes");
  const otherPage = await makePage(acme.id, [], "Outlet");
  const actors = users.map((u) => ({ id: u.id, name: u.name, email: u.email, role: u.role, companyId: u.companyId }));
  return { staff, page, otherPage, actors };
}
