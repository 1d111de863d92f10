import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Role } from "@/lib/access/roles";
import { actorFromToken } from "@/server/services/auth/actor";
import { db } from "@/server/db";
import { socketActorFromToken, visiblePageIdFor } from "@/server/realtime/lookups";
import type { SocketActor } from "@/server/realtime/types";
import { pageIdWhere, visiblePagesWhere } from "@/server/access/pages";
import { makeCompany, makePage, makeUser, tokenFor } from "./support/factory";

// A socket's connect reads its user and its page joins in plain SQL (server/realtime/lookups.ts), beside the
// Prisma rules every other path uses: these hold the two to the same answers, so the tenancy rule cannot
// drift in one place only.

describe("socket lookups in SQL answer as the Prisma rules do", () => {
  it("visiblePageIdFor matches visiblePagesWhere + pageIdWhere for every role, page and id form", async () => {
    const acme = await makeCompany("Acme");
    const globex = await makeCompany("Globex");
    const users = {
      superAdmin: await makeUser("super_admin", null),
      companyAdmin: await makeUser("company_admin", acme.id),
      admin: await makeUser("admin", acme.id),
      staff: await makeUser("staff", acme.id),
      idleStaff: await makeUser("staff", acme.id),
      globexAdmin: await makeUser("company_admin", globex.id),
      globexStaff: await makeUser("staff", globex.id),
    };
    const assigned = await makePage(acme.id, [users.admin.id, users.staff.id, users.globexStaff.id], "Assigned");
    const unassigned = await makePage(acme.id, [], "Unassigned");
    const globexPage = await makePage(globex.id, [users.globexStaff.id], "Globex");

    const actors: SocketActor[] = Object.values(users).map((u) => ({ id: u.id, name: u.name, role: u.role, companyId: u.companyId }));
    // Rows that should not exist, but the rules say what they see: no company on a company admin or staff.
    actors.push({ id: users.staff.id, name: "no company", role: "staff" as Role, companyId: null });
    actors.push({ id: users.companyAdmin.id, name: "no company", role: "company_admin" as Role, companyId: null });
    const ids = [assigned, unassigned, globexPage].flatMap((p) => [p.id, p.facebookPageId]).concat([randomUUID(), "not-a-page", "123"]);

    let visible = 0;
    for (const actor of actors) {
      for (const id of ids) {
        const viaPrisma = (await db.page.findFirst({ where: { AND: [visiblePagesWhere(actor), pageIdWhere(id)] }, select: { id: true } }))?.id ?? null;
        expect(await visiblePageIdFor(actor, id), `${actor.role} ${actor.name} → ${id}`).toBe(viaPrisma);
        if (viaPrisma) visible++;
      }
    }
    // The table is not all nulls: super admin 6, company admin 4, admin 2, staff 2, Globex admin 2, Globex
    // staff 2 (its assignment to an Acme page shows nothing), staff without a company 2 (its assignment).
    expect(visible).toBe(20);
  });

  it("socketActorFromToken takes the same users as actorFromToken, and keeps no e-mail", async () => {
    const acme = await makeCompany("Acme");
    const ann = await makeUser("staff", acme.id, { name: "Ann" });
    const banned = await makeUser("staff", acme.id, { isActive: false });
    const gone = await makeUser("admin", acme.id);
    const goneToken = await tokenFor(gone);
    await db.user.delete({ where: { id: gone.id } });

    const actor = await actorFromToken(await tokenFor(ann));
    expect(await socketActorFromToken(await tokenFor(ann))).toEqual({ id: actor.id, name: actor.name, role: actor.role, companyId: actor.companyId });
    for (const token of [await tokenFor(banned), goneToken, "forged", null]) {
      await expect(actorFromToken(token)).rejects.toThrow();
      expect(await socketActorFromToken(token)).toBeNull();
    }
  });
});
