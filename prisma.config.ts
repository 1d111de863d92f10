import { defineConfig } from "prisma/config";

// Prisma 7 reads the connection URL here, not from schema.prisma. `prisma generate` needs no database,
// so a placeholder keeps it working on a machine without DATABASE_URL.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations", seed: "tsx prisma/seed.ts" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/switchboard" },
});
