// The npm registry these machines reach lacks some platform builds that packages list as
// optional (rollup and Tailwind's oxide for macOS, Windows, Android...). npm leaves them out
// of package-lock.json, and `npm ci` then refuses the lock as out of sync. This adds a
// placeholder entry for each missing optional package, with the os/cpu its name declares,
// so npm ci skips it on this platform exactly as it would with a full entry.
// Run after `npm install` changes the lock: node scripts/complete-lockfile.mjs
// `--check` (part of npm run lint) only reports, and fails when an entry is missing.
import { readFileSync, writeFileSync } from "node:fs";

const LOCK = "package-lock.json";
const OSES = ["android", "darwin", "freebsd", "linux", "openbsd", "openharmony", "win32"];
const CPUS = ["arm64", "arm", "x64", "ia32", "loong64", "ppc64", "riscv64", "s390x"];

function platformOf(name) {
  const parts = name.split("/").pop().split(/[-_]/);
  if (parts.includes("wasm32")) return { cpu: ["wasm32"] };
  const platform = {};
  const os = parts.find((part) => OSES.includes(part));
  const cpu = parts.find((part) => CPUS.includes(part));
  if (os) platform.os = [os];
  if (cpu) platform.cpu = [cpu];
  if (parts.includes("musl")) platform.libc = ["musl"];
  else if (parts.includes("gnu") || parts.includes("gnueabihf")) platform.libc = ["glibc"];
  return platform;
}

const lock = JSON.parse(readFileSync(LOCK, "utf8"));
const packages = lock.packages;
const added = [];
for (const [key, meta] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(meta.optionalDependencies ?? {})) {
    if (name === "fsevents") continue;
    const nested = `${key ? `${key}/` : ""}node_modules/${name}`;
    if (packages[nested] || packages[`node_modules/${name}`]) continue;
    packages[`node_modules/${name}`] = {
      version,
      ...(meta.dev ? { dev: true } : {}),
      optional: true,
      ...platformOf(name),
    };
    added.push(`${name}@${version}`);
  }
}
if (process.argv.includes("--check")) {
  if (added.length) {
    console.error(
      `package-lock.json lacks ${added.join(", ")}: run node scripts/complete-lockfile.mjs`,
    );
    process.exit(1);
  }
} else {
  writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
  console.info(added.length ? `Added ${added.length} entries` : "Lock file complete");
}
