// Writes a new migration from the difference between the migrations so far and
// prisma/schema.prisma. `prisma migrate dev` cannot run with the WebAssembly engine, and
// `migrate diff` cannot read a database through a driver adapter, so: apply the
// migrations to a scratch database, pull its schema, and diff two datamodels.
// Usage: npm run db:new-migration -- <name>
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const name = (process.argv[2] ?? "").replace(/[^a-z0-9_]/gi, "_").toLowerCase();
if (!name) {
  console.error("Usage: npm run db:new-migration -- <name>");
  process.exit(1);
}

const prisma = ["node_modules/prisma/build/index.js"];
const scratch = mkdtempSync(path.join(os.tmpdir(), "clinic-migration-"));
const env = { ...process.env, DATABASE_URL: `file:${path.join(scratch, "scratch.db")}` };
try {
  execFileSync(process.execPath, [...prisma, "migrate", "deploy"], { env, stdio: "inherit" });
  const pulled = execFileSync(process.execPath, [...prisma, "db", "pull", "--print"], {
    env,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  const current = path.join(scratch, "current.prisma");
  writeFileSync(current, pulled.slice(pulled.indexOf("generator ")));
  const sql = execFileSync(
    process.execPath,
    [
      ...prisma,
      "migrate",
      "diff",
      "--from-schema-datamodel",
      current,
      "--to-schema-datamodel",
      "prisma/schema.prisma",
      "--script",
    ],
    { env, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
  );
  if (!sql.trim() || /^-- This is an empty migration\.\s*$/.test(sql.trim())) {
    console.info("The schema matches the migrations: nothing to write.");
    process.exit(0);
  }
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const dir = path.join("prisma", "migrations", `${stamp}_${name}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "migration.sql"), sql);
  console.info(`Wrote ${dir}/migration.sql`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
