import { describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { seed } from "@/prisma/seed-lib";
import { DEMO_PAGES, DEMO_USERS } from "@/prisma/seed-data";

describe("seed", () => {
  it("creates the super admin, Acme with its four users and three assigned pages — and is idempotent", async () => {
    await seed(db, "root@switchboard.test", { demo: true });
    const counts = async () => ({
      users: await db.user.count(),
      companies: await db.company.count(),
      pages: await db.page.count(),
      assignments: await db.pageAssignment.count(),
    });
    const first = await counts();
    expect(first).toEqual({ users: 5, companies: 1, pages: 3, assignments: 6 });

    await seed(db, "root@switchboard.test", { demo: true });
    expect(await counts()).toEqual(first);

    const root = await db.user.findUniqueOrThrow({ where: { email: "root@switchboard.test" } });
    expect(root).toMatchObject({ role: "super_admin", companyId: null, isActive: true });
    const staff = await db.user.findUniqueOrThrow({ where: { email: DEMO_USERS.staff.email }, include: { assignments: { include: { page: true } } } });
    expect(staff.role).toBe("staff");
    expect(staff.assignments.map((a) => a.page.name).sort()).toEqual(["Acme Shoes", "Acme Support"]);
    const page = await db.page.findUniqueOrThrow({ where: { facebookPageId: DEMO_PAGES[0].facebookPageId } });
    expect(page.accessTokenEnc).not.toContain(DEMO_PAGES[0].token);
  });

  it("creates only the super admin without the demo flag", async () => {
    await seed(db, "root@switchboard.test", { demo: false });
    expect(await db.user.count()).toBe(1);
    expect(await db.company.count()).toBe(0);
  });
});
