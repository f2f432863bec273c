// The one production build a test run shares: the HTTP suites (tests/support/http-build.ts)
// and Playwright (tests/support/e2e-server.ts) serve it. It is rebuilt only when what goes
// into it has changed, so the first suite of `npm test` builds and the others reuse it,
// and a suite run alone after an edit still tests the edit.
// `node scripts/test-build.mjs` (npm test's build step) makes it ahead of the suites.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

export const TEST_BUILD_DIR = ".build-test";

/** Everything `npm run build` reads, besides node_modules (pinned by the lock file). */
const INPUTS = [
  "app",
  "server",
  "prisma",
  "remix.config.js",
  "postcss.config.js",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
  "scripts/build-server.mjs",
  "scripts/postgres-url.mjs",
];
const STAMP = ".inputs";

/** @param {string} entry */
function filesUnder(entry) {
  if (!existsSync(entry)) return [];
  if (!statSync(entry).isDirectory()) return [entry];
  return (
    readdirSync(entry, { recursive: true, withFileTypes: true })
      .filter((child) => child.isFile())
      .map((child) => path.join(child.parentPath, child.name))
      // SQLite files a developer keeps beside the schema are data, not build input.
      .filter((file) => !/\.db(-wal|-shm|-journal)?$/.test(file))
  );
}

/** A hash of the build's inputs: their paths and contents. */
export function buildInputsHash() {
  const hash = createHash("sha256");
  for (const file of INPUTS.flatMap(filesUnder).sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(file));
    hash.update("\0");
  }
  return hash.digest("hex");
}

/**
 * The shared production build, made first when it is missing or older than its inputs.
 * E2E_SKIP_BUILD=1 takes whatever build is there as it is.
 * @returns {string} the build folder
 */
export function ensureTestBuild({ log = console.info } = {}) {
  const serverFile = path.join(TEST_BUILD_DIR, "server.js");
  if (process.env.E2E_SKIP_BUILD && existsSync(serverFile)) return TEST_BUILD_DIR;
  const inputs = buildInputsHash();
  const stamp = path.join(TEST_BUILD_DIR, STAMP);
  if (existsSync(serverFile) && existsSync(stamp) && readFileSync(stamp, "utf8") === inputs) {
    return TEST_BUILD_DIR;
  }

  // Built beside the old one and moved into place, so a failed build leaves nothing
  // half-written where the suites look.
  const next = `${TEST_BUILD_DIR}.next-${process.pid}`;
  rmSync(next, { recursive: true, force: true });
  const started = performance.now();
  const result = spawnSync("npm", ["run", "build"], {
    env: { ...process.env, NODE_ENV: "production", BUILD_DIR: next },
    encoding: "utf8",
  });
  if (result.status !== 0) {
    rmSync(next, { recursive: true, force: true });
    throw new Error(`npm run build failed:\n${result.stdout}\n${result.stderr}`);
  }
  writeFileSync(path.join(next, STAMP), inputs);
  rmSync(TEST_BUILD_DIR, { recursive: true, force: true });
  renameSync(next, TEST_BUILD_DIR);
  log(`Built ${TEST_BUILD_DIR} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return TEST_BUILD_DIR;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    ensureTestBuild();
    console.info(`${TEST_BUILD_DIR} is up to date`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
