// `npm run db:backup`, `npm run db:restore -- <file>`, `node scripts/db.mjs list`: the
// database commands (app/ops/backup-cli.server.ts), run from the production build like
// the server, so the container runs them the same way:
//   docker exec clinic node scripts/db.mjs backup
// Builds first when there is no build yet.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { keepFilesPrivate } from "./private-files.mjs";

keepFilesPrivate();

const entry = path.resolve(process.env.BUILD_DIR || "build", "backup-cli.js");

if (!existsSync(entry)) {
  console.info("No build found: running npm run build");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { runDatabaseCommand } = await import(pathToFileURL(entry).href);
process.exitCode = await runDatabaseCommand(process.argv.slice(2));
