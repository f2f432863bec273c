import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { TMP_DIR } from "./paths";

declare module "vitest" {
  export interface ProvidedContext {
    templateDb: string;
  }
}

/** Migrates one template database per project and run; each test file gets its own copy. */
export default function setup(project: TestProject) {
  mkdirSync(TMP_DIR, { recursive: true });
  const templateDb = path.join(TMP_DIR, `template-${project.name}-${process.pid}.db`);
  execFileSync(process.execPath, ["node_modules/prisma/build/index.js", "migrate", "deploy"], {
    env: { ...process.env, DATABASE_URL: `file:${templateDb}` },
    stdio: "pipe",
  });
  project.provide("templateDb", templateDb);
  return () => {
    for (const suffix of ["", "-wal", "-shm", "-journal"])
      rmSync(templateDb + suffix, { force: true });
  };
}
