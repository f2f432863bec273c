import { existsSync } from "node:fs";

/**
 * The file of a worker thread's script, `app/infra/<name>.mjs` (plain JavaScript that
 * TypeScript checks, so it runs as it is). In the source tree (tests, tsx) it is beside
 * this module; the build copies it into the build folder (scripts/build-server.mjs), beside
 * the command bundles (build/backup-cli.js) and one folder up from the server's
 * (build/server/index.js), whichever of them this module was bundled into.
 */
export function workerScript(name: string): URL {
  const candidates = [`./${name}.mjs`, `../${name}.mjs`].map(
    (relative) => new URL(relative, import.meta.url),
  );
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`The worker script ${name}.mjs is missing: run npm run build`);
  return found;
}
