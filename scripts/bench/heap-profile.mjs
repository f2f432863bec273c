// The summary of a V8 sampling heap profile taken with the collected objects counted
// (heap-sampler.mjs): bytes allocated by package and by function, per request.
import { ownerOf, packageOf, shortUrl } from "./cpu-profile.mjs";

export function summariseHeap(profile, requests) {
  const byId = new Map();
  const parent = new Map();
  const visit = (node) => {
    byId.set(node.id, node);
    for (const child of node.children ?? []) {
      parent.set(child.id, node.id);
      visit(child);
    }
  };
  visit(profile.head);
  const owner = ownerOf(byId, parent);
  const packages = new Map();
  const functions = new Map();
  let total = 0;
  for (const [id, node] of byId) {
    if (!node.selfSize) continue;
    total += node.selfSize;
    const where = packageOf(owner(id));
    packages.set(where, (packages.get(where) ?? 0) + node.selfSize);
    // A built-in's allocations (split, map, new Date) count for the function that called it.
    const frame = node.callFrame.url ? node.callFrame : owner(id);
    const name = `${frame.functionName || "(anonymous)"} ${shortUrl(frame.url)}:${frame.lineNumber + 1}`;
    functions.set(name, (functions.get(name) ?? 0) + node.selfSize);
  }
  const kb = (bytes) => `${(bytes / requests / 1024).toFixed(1).padStart(7)} KB`;
  console.info(`  Allocated (sampled): ${kb(total)} a request`);
  console.info("  By package (the nearest caller outside Node):");
  for (const [name, bytes] of [...packages].sort((a, b) => b[1] - a[1]).slice(0, 12)) {
    console.info(`    ${kb(bytes)}  ${name}`);
  }
  console.info("  Heaviest functions (their own allocations and their built-ins'):");
  for (const [name, bytes] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, 40)) {
    console.info(`    ${kb(bytes)}  ${name}`);
  }
}
