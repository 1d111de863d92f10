import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/server/generated/prisma/client";
import { env } from "@/server/env";

// One Prisma client per process; kept on globalThis so Next's dev reloads do not open new pools.
const globalForDb = globalThis as unknown as { switchboardDb?: PrismaClient };

function createClient(): PrismaClient {
  const adapter = new PrismaPg({ connectionString: env().DATABASE_URL, max: env().DATABASE_POOL_SIZE });
  return new PrismaClient({ adapter });
}

export const db: PrismaClient = (globalForDb.switchboardDb ??= createClient());

export type Db = PrismaClient;
