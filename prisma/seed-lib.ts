import type { PrismaClient } from "../server/generated/prisma/client";
import { encryptSecret } from "../server/security/secret-box";
import { DEMO_COMPANY, DEMO_PAGES, DEMO_USERS } from "./seed-data";

/**
 * Idempotent: running it again changes nothing and never duplicates a row. The super admin always; the
 * demo company only when asked (development, tests), never by default in production.
 */
export async function seed(db: PrismaClient, superAdminEmail: string, { demo }: { demo: boolean }): Promise<void> {
  await db.user.upsert({
    where: { email: superAdminEmail.toLowerCase() },
    update: {},
    create: { email: superAdminEmail.toLowerCase(), name: "Super Admin", role: "super_admin" },
  });
  if (demo) await seedDemoCompany(db);
}

async function seedDemoCompany(db: PrismaClient): Promise<void> {
  const existingOwner = await db.user.findUnique({ where: { email: DEMO_USERS.companyAdmin.email }, select: { companyId: true } });
  const companyId = existingOwner?.companyId ?? (await db.company.create({ data: { name: DEMO_COMPANY } })).id;

  const userIds: Record<string, string> = {};
  for (const [key, user] of Object.entries(DEMO_USERS)) {
    const row = await db.user.upsert({ where: { email: user.email }, update: {}, create: { ...user, companyId } });
    userIds[key] = row.id;
  }

  for (const page of DEMO_PAGES) {
    const row = await db.page.upsert({
      where: { facebookPageId: page.facebookPageId },
      update: {},
      // The demo tokens are the simulator's own (seed-data.ts), so they count as checked and subscribed:
      // the dev and e2e simulators start with these pages and accept these tokens.
      create: {
        name: page.name,
        facebookPageId: page.facebookPageId,
        accessTokenEnc: encryptSecret(page.token),
        companyId,
        ownerId: userIds.companyAdmin,
        verifiedAt: new Date(),
        subscribedAt: new Date(),
      },
    });
    // Instagram on for the demo: the seed stands in for the connect that finds the linked account.
    await db.instagramAccount.upsert({
      where: { pageId: row.id },
      update: {},
      create: { pageId: row.id, instagramId: page.instagram.id, username: page.instagram.username, enabled: true, checkedAt: new Date() },
    });
    for (const assignee of page.assignees) {
      const userId = userIds[assignee]!;
      await db.pageAssignment.upsert({ where: { userId_pageId: { userId, pageId: row.id } }, update: {}, create: { userId, pageId: row.id } });
    }
  }
}
