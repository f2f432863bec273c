// `npm run staff -- grant admin someone@example.com` (also grant reception|dentist, revoke,
// list): app/ops/staff-cli.server.ts, run from the production build like the server, so
// the container runs it the same way: docker exec clinic node scripts/staff.mjs list
// Builds first when there is no build yet.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { keepFilesPrivate } from "./private-files.mjs";

keepFilesPrivate();

const entry = path.resolve(process.env.BUILD_DIR || "build", "staff-cli.js");

if (!existsSync(entry)) {
  console.info("No build found: running npm run build");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { runStaffCommand } = await import(pathToFileURL(entry).href);
process.exitCode = await runStaffCommand(process.argv.slice(2));
