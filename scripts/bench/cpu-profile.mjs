// The summary of a V8 CPU profile the profiling scripts print (profile.mjs,
// profile-bookings.mjs).

/**
 * CPU time by package (Node's own functions count for the package that called them) and
 * the functions with the most self time, as shares of the last `windowMs` of the profile.
 */
export function summarise(profile, windowMs) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map();
  const deltas = profile.timeDeltas;
  const from = profile.endTime - windowMs * 1000;
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    at += deltas[index] ?? 0;
    if (at >= from) self.set(id, (self.get(id) ?? 0) + (deltas[index] ?? 0));
  });
  const owner = ownerOf(byId, parent);
  const total = [...self.values()].reduce((sum, time) => sum + time, 0);
  const packages = new Map();
  const functions = new Map();
  for (const [id, time] of self) {
    const frame = byId.get(id).callFrame;
    const where = packageOf(owner(id));
    packages.set(where, (packages.get(where) ?? 0) + time);
    const name = `${frame.functionName || "(anonymous)"} ${shortUrl(frame.url)}:${frame.lineNumber + 1}`;
    functions.set(name, (functions.get(name) ?? 0) + time);
  }
  const share = (time) => `${((100 * time) / total).toFixed(1).padStart(5)}%`;
  console.info("  By package (self time):");
  for (const [name, time] of [...packages].sort((a, b) => b[1] - a[1]).slice(0, 16)) {
    console.info(`    ${share(time)}  ${name}`);
  }
  console.info("  Heaviest functions (self time):");
  for (const [name, time] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
    console.info(`    ${share(time)}  ${name}`);
  }
}

/** The nearest frame (a node's or a caller's) that is not Node's own or native. */
export const ownerOf = (byId, parent) => (id) => {
  for (let current = id; current !== undefined; current = parent.get(current)) {
    const { url } = byId.get(current).callFrame;
    if (url && !url.startsWith("node:")) return byId.get(current).callFrame;
  }
  return byId.get(id).callFrame;
};

export function packageOf({ url, functionName }) {
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match) return match[1];
  if (url.startsWith("node:")) return "node internals";
  if (url.includes("/server/index.js")) return "app build (server/index.js)";
  if (url.includes("/server.js")) return "express layer (server.js)";
  return shortUrl(url);
}

export function shortUrl(url) {
  return url
    .replace(/^file:\/\/.*node_modules\//, "")
    .replace(/^file:\/\/.*?\/(\.build[^/]*)\//, "$1/");
}
