import { loadEnvOrExit } from "../server/env";
import { db } from "../server/db";
import { seed } from "./seed-lib";

// npm run db:seed — the super admin, plus the demo organisation outside production (or with SEED_DEMO=true);
// safe to run any number of times.
const config = loadEnvOrExit();
const demo = process.env.SEED_DEMO ? process.env.SEED_DEMO === "true" : !config.isProduction;
await seed(db, config.SUPERADMIN_EMAIL, { demo });
console.log(`[switchboard] seed: super admin ${demo ? "and demo company " : ""}in place`);
await db.$disconnect();
