// Runs in the container build, on node_modules already pruned to production dependencies:
// deletes what the running server, the seed and `prisma migrate deploy` never load, so the
// image carries only what it runs. `node scripts/slim-node-modules.mjs [dir]`.
// What stays is proven by the container itself: it migrates, seeds, serves and reports
// healthy only if nothing it needs is gone (README, "Deploying the container").
import { readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(process.argv[2] ?? "node_modules");
let freed = 0;

function size(target) {
  const stat = statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(target).reduce((sum, child) => sum + size(path.join(target, child)), 0);
}

function remove(target) {
  freed += size(target);
  rmSync(target, { recursive: true, force: true });
}

/** Every entry of `dir` but the ones named in `keep`. */
function removeAllBut(dir, keep) {
  for (const entry of readdirSync(path.join(root, dir))) {
    if (!keep.includes(entry)) remove(path.join(root, dir, entry));
  }
}

// Source maps, type declarations and documentation: read by editors, never at run time.
for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile()) continue;
  if (/\.(map|d\.ts|d\.mts|d\.cts|md|markdown)$/i.test(entry.name)) {
    remove(path.join(entry.parentPath, entry.name));
  }
}

// An optional peer of Prisma and Remix, for their type checks; the runtime needs none.
remove(path.join(root, "typescript"));
remove(path.join(root, ".bin"));

// The generated client (node_modules/.prisma/client) loads runtime/client.js and its own
// SQLite query compiler; the other runtimes and the other databases' engines are unused.
removeAllBut("@prisma/client/runtime", ["client.js", "index-browser.js"]);

// The CLI only runs `migrate deploy`, through the WebAssembly schema engine: not the
// client generator, Studio, or any query engine.
remove(path.join(root, "prisma/prisma-client"));
removeAllBut("prisma/build", [
  "index.js",
  "child.js",
  "schema_engine_bg.wasm",
  "prisma_schema_build_bg.wasm",
]);

// better-sqlite3 compiled in the build stage: only the addon itself loads.
removeAllBut("better-sqlite3", ["build", "lib", "package.json", "LICENSE"]);
removeAllBut("better-sqlite3/build", ["Release"]);
removeAllBut("better-sqlite3/build/Release", ["better_sqlite3.node"]);

// ECharts (the reports' charts, server-side SVG) loads its ES modules (lib/ and the entry
// files beside package.json) and zrender's lib/: not the bundled browser builds, sources,
// themes, translations or type declarations.
for (const entry of ["dist", "types", "ssr", "extension", "theme", "i18n", "asset", "licenses"]) {
  remove(path.join(root, "echarts", entry));
}
for (const entry of ["dist", "src", "build"]) remove(path.join(root, "zrender", entry));

// effect (Prisma's config loader) ships its TypeScript sources beside the built code.
remove(path.join(root, "effect/src"));

console.info(`slim-node-modules: freed ${(freed / 2 ** 20).toFixed(1)} MiB in ${root}`);
