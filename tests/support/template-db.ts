import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import bcrypt from "bcryptjs";
import type { TestProject } from "vitest/node";
import { TMP_DIR } from "./paths";
import { TEST_HASH_COST, TEST_PASSWORD } from "./test-password";

declare module "vitest" {
  export interface ProvidedContext {
    templateDb: string;
  }
}

const SQLITE_SUFFIXES = ["", "-wal", "-shm", "-journal"];
const removeDatabase = (file: string) => {
  for (const suffix of SQLITE_SUFFIXES) rmSync(file + suffix, { force: true });
};

/**
 * One database migrated by the Prisma CLI per run (the CLI costs 2-3 s of CPU a start),
 * shared by every project's template and by the http project's seeded database
 * (tests/support/http-build.ts). Removed when the run's process exits.
 */
export function migratedDatabase(): string {
  const file = path.join(TMP_DIR, `migrated-${process.pid}.db`);
  if (existsSync(file)) return file;
  mkdirSync(TMP_DIR, { recursive: true });
  const next = `${file}.next`;
  removeDatabase(next);
  execFileSync(process.execPath, ["node_modules/prisma/build/index.js", "migrate", "deploy"], {
    env: { ...process.env, DATABASE_URL: `file:${next}` },
    stdio: "pipe",
  });
  copyFileSync(next, file);
  removeDatabase(next);
  process.once("exit", () => removeDatabase(file));
  return file;
}

/**
 * The bcrypt hash of the tests' common password, made once per run and handed to every test
 * file through the environment (tests/support/test-password.ts says why at its cost).
 */
let testPasswordHash: string | undefined;
function shareTestPasswordHash() {
  testPasswordHash ??= bcrypt.hashSync(TEST_PASSWORD, TEST_HASH_COST);
  process.env.TEST_PASSWORD_HASH = testPasswordHash;
}

/** A template database per project and run; each test file gets its own copy. */
export default function setup(project: TestProject) {
  const templateDb = path.join(TMP_DIR, `template-${project.name}-${process.pid}.db`);
  copyFileSync(migratedDatabase(), templateDb);
  shareTestPasswordHash();
  project.provide("templateDb", templateDb);
  return () => removeDatabase(templateDb);
}
