// `npm install` (postinstall) and `npm run db:generate`: Prisma's client for each engine,
// from the one schema (docs/decisions/046-postgresql.md). SQLite's goes where
// @prisma/client expects it; PostgreSQL's, from prisma/postgresql/schema.prisma, to
// node_modules/.prisma/client-postgresql. prisma.config.ts picks the schema by DATABASE_URL;
// `generate` connects to nothing, so any URL of the engine will do.
import { execFileSync } from "node:child_process";

const prisma = ["node_modules/prisma/build/index.js", "generate"];
for (const url of ["file:./data/clinic.db", "postgresql://localhost/generate"]) {
  execFileSync(process.execPath, prisma, {
    env: { ...process.env, DATABASE_URL: url, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
    stdio: "inherit",
  });
}
