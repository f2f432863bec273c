// `npm run dev`: prepares the development database, then runs Remix's dev server with
// the Express entry (manual mode, so the database connection survives rebuilds).
import { spawn } from "node:child_process";
import { prepareDatabase } from "./prepare-db.mjs";
import { keepFilesPrivate } from "./private-files.mjs";

keepFilesPrivate();

process.env.NODE_ENV = "development";
await prepareDatabase({
  seedScript: ["npx", "tsx", "prisma/seed.ts"],
  upgradeScript: ["npx", "tsx", "app/ops/data-upgrade-cli.server.ts"],
});
const child = spawn("npx", ["remix", "dev", "--manual", "-c", "npx tsx server/index.ts"], {
  stdio: "inherit",
  env: process.env,
});
child.on("exit", (code) => process.exit(code ?? 0));
