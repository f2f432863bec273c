import { copyFileSync, rmSync } from "node:fs";
import path from "node:path";
import bcrypt from "bcryptjs";
import type { TestProject } from "vitest/node";
import { migratedDatabaseFile } from "./migrated-db";
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
 * The bcrypt hash of the tests' common password, made once per run and handed to every test
 * file through the environment (tests/support/test-password.ts says why at its cost).
 */
let testPasswordHash: string | undefined;
function shareTestPasswordHash() {
  testPasswordHash ??= bcrypt.hashSync(TEST_PASSWORD, TEST_HASH_COST);
  process.env.TEST_PASSWORD_HASH = testPasswordHash;
}

/**
 * A template database per project and run, a copy of the checkout's migrated database
 * (tests/support/migrated-db.ts); each test file gets its own copy of it.
 */
export default function setup(project: TestProject) {
  const templateDb = path.join(TMP_DIR, `template-${project.name}-${process.pid}.db`);
  copyFileSync(migratedDatabaseFile(), templateDb);
  shareTestPasswordHash();
  project.provide("templateDb", templateDb);
  return () => removeDatabase(templateDb);
}
