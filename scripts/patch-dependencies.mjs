// Run by `postinstall` (and the Dockerfile's install): small, exact edits to installed
// packages that npm has no way to express. Each edit names the package version it was
// written for; it is applied once (a marker comment says so) and checked on every run.
// `--check` fails when an edit is missing, without writing (for CI and the benchmark).
//
// @remix-run/router (Node's CommonJS build, used by the server only: browsers get the ESM
// build through the Remix compiler): `matchRoutes` flattened and ranked the whole route
// tree and compiled a RegExp per route on every call, three times per request (Remix's
// own matching, its static handler, React Router's render): about a sixth of a signed-in
// page's CPU time (docs/performance.md, "The uncached path"). The ranked branches are
// kept per route array (the server's arrays never change; the browser router's patching
// drops them all), compiled paths per (path, case, end), and the matches of the last
// thousand paths per route array (handed out as copies: callers may change them).
//
// @remix-run/react and react-router-dom (the server render): RemixServer rebuilt the whole
// route tree from the build's manifest on every request, and the static router converted
// it into new data routes, so the kept branches above never matched an array seen before
// and the render flattened the tree again. Both are pure functions of the build: the
// routes are kept per manifest, the data routes per route array.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const MARKER = "/* dental-clinic patch: kept route branches */";

const PATCHES = [
  {
    name: "@remix-run/router",
    version: "1.23.3",
    file: "dist/router.cjs.js",
    edits: [
      {
        find: `  let branches = flattenRoutes(routes);
  rankRouteBranches(branches);
  let matches = null;
  let decoded = decodePath(pathname);
  for (let i = 0; matches == null && i < branches.length; ++i) {`,
        replace: `  let branches = rankedBranchesOf(routes);
  let matches = null;
  let decoded = decodePath(pathname);
  let byPath = keptMatches.get(routes);
  if (!byPath) keptMatches.set(routes, (byPath = new Map()));
  let key = decoded + "\\0" + Boolean(allowPartial);
  if (byPath.has(key)) return copyOfMatches(byPath.get(key));
  for (let i = 0; matches == null && i < branches.length; ++i) {`,
      },
      {
        find: `    matches = matchRouteBranch(branches[i], decoded, allowPartial);
  }
  return matches;`,
        replace: `    matches = matchRouteBranch(branches[i], decoded, allowPartial);
  }
  if (byPath.size >= 1000) byPath.clear();
  byPath.set(key, matches);
  return copyOfMatches(matches);`,
      },
      {
        find: `function flattenRoutes(routes, branches, parentsMeta, parentPath) {`,
        replace: `${MARKER}
let rankedBranches = new WeakMap();
let keptMatches = new WeakMap();
function copyOfMatches(matches) {
  if (!matches) return matches;
  let params = { ...matches[0].params };
  return matches.map((match) => ({ ...match, params }));
}
function rankedBranchesOf(routes) {
  let branches = rankedBranches.get(routes);
  if (!branches) {
    branches = flattenRoutes(routes);
    rankRouteBranches(branches);
    rankedBranches.set(routes, branches);
  }
  return branches;
}
const compiledPaths = new Map();
function compilePath(path, caseSensitive, end) {
  let key = path + "\\0" + caseSensitive + "\\0" + end;
  let compiled = compiledPaths.get(key);
  if (!compiled) {
    if (compiledPaths.size >= 1000) compiledPaths.clear();
    compiled = compilePathUncached(path, caseSensitive, end);
    compiledPaths.set(key, compiled);
  }
  return compiled;
}
function flattenRoutes(routes, branches, parentsMeta, parentPath) {`,
      },
      {
        find: `function compilePath(path, caseSensitive, end) {
  if (caseSensitive === void 0) {`,
        replace: `function compilePathUncached(path, caseSensitive, end) {
  if (caseSensitive === void 0) {`,
      },
      {
        find: `function patchRoutesImpl(routeId, children, routesToUse, manifest, mapRouteProperties) {`,
        replace: `function patchRoutesImpl(routeId, children, routesToUse, manifest, mapRouteProperties) {
  rankedBranches = new WeakMap();
  keptMatches = new WeakMap();`,
      },
    ],
  },
  {
    name: "@remix-run/react",
    version: "2.17.5",
    file: "dist/server.js",
    edits: [
      {
        find: `  let routes$1 = routes.createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);`,
        replace: `  let routes$1 = serverRoutesOf(manifest, routeModules, context);`,
      },
      {
        find: `function RemixServer({`,
        replace: `${MARKER}
const serverRoutes = new WeakMap();
function serverRoutesOf(manifest, routeModules, context) {
  let kept = serverRoutes.get(manifest.routes);
  if (!kept || kept.future !== context.future || kept.isSpaMode !== context.isSpaMode) {
    kept = {
      future: context.future,
      isSpaMode: context.isSpaMode,
      routes: routes.createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode),
    };
    serverRoutes.set(manifest.routes, kept);
  }
  return kept.routes;
}
function RemixServer({`,
      },
    ],
  },
  {
    name: "react-router-dom",
    version: "6.30.4",
    file: "server.js",
    edits: [
      {
        find: `function createStaticRouter(routes, context, opts = {}) {
  let manifest = {};
  let dataRoutes = router.UNSAFE_convertRoutesToDataRoutes(routes, reactRouter.UNSAFE_mapRouteProperties, undefined, manifest);`,
        replace: `${MARKER}
const staticDataRoutes = new WeakMap();
function createStaticRouter(routes, context, opts = {}) {
  let kept = staticDataRoutes.get(routes);
  if (!kept) {
    let manifest = {};
    let dataRoutes = router.UNSAFE_convertRoutesToDataRoutes(routes, reactRouter.UNSAFE_mapRouteProperties, undefined, manifest);
    kept = { manifest, dataRoutes };
    staticDataRoutes.set(routes, kept);
  }
  let { manifest, dataRoutes } = kept;`,
      },
    ],
  },
];

const check = process.argv.includes("--check");
let missing = 0;
for (const patch of PATCHES) {
  const root = path.resolve("node_modules", patch.name);
  let version;
  try {
    version = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).version;
  } catch {
    continue; // Not installed (a production install without it): nothing to patch.
  }
  const file = path.join(root, patch.file);
  const source = readFileSync(file, "utf8");
  if (source.includes(MARKER)) continue;
  if (version !== patch.version) {
    console.warn(
      `patch-dependencies: ${patch.name} is ${version}, the edit was written for ${patch.version}: not applied (see scripts/patch-dependencies.mjs)`,
    );
    missing += 1;
    continue;
  }
  if (check) {
    console.error(`patch-dependencies: ${patch.name} is not patched: run npm install`);
    missing += 1;
    continue;
  }
  let next = source;
  for (const { find, replace } of patch.edits) {
    if (!next.includes(find)) {
      throw new Error(`patch-dependencies: ${patch.name} ${patch.file} does not contain:\n${find}`);
    }
    next = next.replace(find, () => replace);
  }
  writeFileSync(file, next);
  console.info(`patch-dependencies: patched ${patch.name} ${version}`);
}
if (check && missing > 0) process.exit(1);
