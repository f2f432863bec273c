// Bundles the Express entry, the seed script, the database commands (scripts/db.mjs), the
// staff command (scripts/staff.mjs) and the data upgrades (scripts/prepare-db.mjs) next to
// the Remix build, so the production image runs plain JavaScript with only production
// dependencies; copies the worker threads' scripts beside them
// (app/infra/worker-script.server.ts finds them there).
import { copyFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const outdir = process.env.BUILD_DIR || "build";

await build({
  entryPoints: {
    server: "server/index.ts",
    seed: "prisma/seed.ts",
    "backup-cli": "app/ops/backup-cli.server.ts",
    "staff-cli": "app/ops/staff-cli.server.ts",
    "data-upgrade": "app/ops/data-upgrade-cli.server.ts",
  },
  outdir,
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  packages: "external",
  logLevel: "warning",
});
const WORKERS = ["backup-worker.mjs", "password-worker.mjs"];
for (const worker of WORKERS)
  copyFileSync(path.join("app/infra", worker), path.join(outdir, worker));
console.info(
  `Built server.js, seed.js, backup-cli.js, staff-cli.js and data-upgrade.js, copied ${WORKERS.join(", ")} in ${outdir}/`,
);
