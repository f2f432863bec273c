// Creates, migrates and (when empty) seeds the SQLite database named by DATABASE_URL.
// Shared by `npm start`, `npm run dev`, the container and the test harnesses.
import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { upgradeExistingData } from "./upgrade-data.mjs";

export const DEFAULT_DATABASE_URL = "file:./data/clinic.db";

export function databasePath(url) {
  return url.replace(/^file:/, "").split("?")[0];
}

function run(command, args, env) {
  const result = spawnSync(command, args, { stdio: "inherit", env });
  if (result.status !== 0) {
    throw new Error(`${[command, ...args].join(" ")} failed with exit code ${result.status}`);
  }
}

/**
 * @param {{ seedScript: string[] }} options the command that seeds (tsx in development,
 *   the bundled seed in production)
 */
export function prepareDatabase({ seedScript }) {
  process.env.DATABASE_URL ||= DEFAULT_DATABASE_URL;
  const env = { ...process.env };
  const file = databasePath(env.DATABASE_URL);
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });

  run(process.execPath, ["node_modules/prisma/build/index.js", "migrate", "deploy"], env);

  const db = new Database(file);
  try {
    db.pragma("journal_mode = WAL");
    const upgraded = upgradeExistingData(db);
    if (upgraded > 0)
      console.info(`Gave ${upgraded} earlier bookings their dentist, chair and times`);
    const { count } = db.prepare("SELECT COUNT(*) AS count FROM Product").get();
    db.close();
    if (count === 0 && process.env.SEED_ON_START !== "false")
      run(seedScript[0], seedScript.slice(1), env);
  } finally {
    if (db.open) db.close();
  }
}
