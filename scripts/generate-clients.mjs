// `npm install` (postinstall) and `npm run db:generate`: Prisma's client for each engine,
// from the one schema (docs/decisions/051-postgresql.md). SQLite's goes where
// @prisma/client expects it; PostgreSQL's, from prisma/postgresql/schema.prisma, to
// node_modules/.prisma/client-postgresql. prisma.config.ts picks the schema by DATABASE_URL;
// `generate` connects to nothing, so any URL of the engine will do.
//
// A client generated to a place of its own gets a copy of Prisma's runtime beside it, and
// with it classes of its own: the app's `Prisma.sql` fragments (made by @prisma/client's
// runtime) would not be fragments to it but values, and a query such as
// `... SET "a" = 1 ${Prisma.sql`, "b" = 2`}` would fail. So the PostgreSQL client is pointed
// at @prisma/client's runtime (the same version: both are made by this one `prisma`), and
// the script fails if the generated code no longer reads as expected.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const prisma = ["node_modules/prisma/build/index.js", "generate"];
for (const url of ["file:./data/clinic.db", "postgresql://localhost/generate"]) {
  execFileSync(process.execPath, prisma, {
    env: { ...process.env, DATABASE_URL: url, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
    stdio: "inherit",
  });
}

const client = path.join("node_modules", ".prisma", "client-postgresql");
const OWN_RUNTIME = /require\('\.\/runtime\/([\w-]+\.js)'\)/g;
let pointed = 0;
for (const file of readdirSync(client).filter((name) => name.endsWith(".js"))) {
  const target = path.join(client, file);
  const text = readFileSync(target, "utf8");
  const next = text.replace(OWN_RUNTIME, (_, name) => {
    pointed += 1;
    return `require('@prisma/client/runtime/${name}')`;
  });
  if (next !== text) writeFileSync(target, next);
}
const require = createRequire(import.meta.url);
const sqlite = require("@prisma/client");
const postgres = require(path.resolve(client));
if (pointed === 0 || postgres.Prisma.sql !== sqlite.Prisma.sql) {
  throw new Error(
    `${client} does not use @prisma/client's runtime: scripts/generate-clients.mjs needs updating for this Prisma`,
  );
}
rmSync(path.join(client, "runtime"), { recursive: true, force: true });
