import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { TEMPLATE_DB, TMP_DIR } from "./paths";

/** Migrates one template database; each test file gets its own copy of it. */
export default function setup() {
  mkdirSync(TMP_DIR, { recursive: true });
  rmSync(TEMPLATE_DB, { force: true });
  execFileSync(process.execPath, ["node_modules/prisma/build/index.js", "migrate", "deploy"], {
    env: { ...process.env, DATABASE_URL: `file:${TEMPLATE_DB}` },
    stdio: "pipe",
  });
}
