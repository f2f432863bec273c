// `npm start`: builds when there is no build yet, prepares the database, then serves.
// The container runs this same script.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { prepareDatabase } from "./prepare-db.mjs";
import { keepFilesPrivate } from "./private-files.mjs";
import { completeStartEnvironment } from "./start-env.mjs";

keepFilesPrivate();
const buildDir = path.resolve(process.env.BUILD_DIR || "build");

completeStartEnvironment(process.env, localSessionSecret);

function localSessionSecret() {
  const file = path.resolve("data", ".session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  console.info(`No SESSION_SECRET set: generated a local one in ${file}`);
  return secret;
}

if (!existsSync(path.join(buildDir, "server.js"))) {
  console.info("No build found: running npm run build");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await prepareDatabase({
  seedScript: [process.execPath, path.join(buildDir, "seed.js")],
  upgradeScript: [process.execPath, path.join(buildDir, "data-upgrade.js")],
});
await import(pathToFileURL(path.join(buildDir, "server.js")).href);
