import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/server/generated/prisma/client";
import { env } from "@/server/env";

// One Prisma client per process, created on first use (so `next build` can load route modules without a
// database) and kept on globalThis so Next's dev reloads and the custom server share one pool.
const globalForDb = globalThis as unknown as { switchboardDb?: PrismaClient };

function client(): PrismaClient {
  globalForDb.switchboardDb ??= new PrismaClient({ adapter: new PrismaPg({ connectionString: env().DATABASE_URL, max: env().DATABASE_POOL_SIZE }) });
  return globalForDb.switchboardDb;
}

export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_, property) {
    const target = client();
    const value = Reflect.get(target, property, target);
    return typeof value === "function" ? value.bind(target) : value;
  },
});

export type Db = PrismaClient;
