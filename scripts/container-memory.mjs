// `npm run test:container`: the container proof of issue 31 item 8. Builds the Dockerfile,
// runs the image as the README says (`--memory 256m`, `--network host`), floods it for a
// minute with tests/support/flood.mjs's requests (600 home pages with distinct `?cb=`, 300
// price ranges, 100 far pages, 8 at a time, round after round), then asks `docker inspect`
// whether it was OOM-killed and is still running, and prints the peak resident memory of
// its process. Needs a Docker engine (on these machines: ../shared/tools/docker-local);
// not part of `npm test`. Exits 1 when the container died, was OOM-killed or answered 5xx.
import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { flood, floodPaths } from "../tests/support/flood.mjs";
import { testPorts } from "../tests/support/ports.mjs";

const IMAGE = "clinic-memory-proof";
const NAME = `clinic-memory-${process.pid}`;
const MEMORY = "256m";
const SECONDS = Number(process.env.FLOOD_SECONDS || 60);
const PORT = testPorts().container;
const url = `http://127.0.0.1:${PORT}`;

const docker = (...args) => execFileSync("docker", args, { encoding: "utf8" }).trim();
const state = () => JSON.parse(docker("inspect", "-f", "{{json .State}}", NAME));
/** @type {any} */ const rssMb = (pid) => {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 102.4) / 10;
  } catch {
    return 0;
  }
};

if (spawnSync("docker", ["info"], { stdio: "ignore" }).status !== 0) {
  console.error("No Docker engine answers (on these machines: ../shared/tools/docker-local)");
  process.exit(1);
}
console.info(`Building ${IMAGE} from the Dockerfile`);
execFileSync("docker", ["build", "--network", "host", "-t", IMAGE, "."], { stdio: "inherit" });

docker(
  "run",
  "-d",
  "--name",
  NAME,
  "--network",
  "host",
  "--memory",
  MEMORY,
  "-e",
  `PORT=${PORT}`,
  "-e",
  "HOST=127.0.0.1",
  "-e",
  `SESSION_SECRET=${randomBytes(32).toString("hex")}`,
  "-e",
  `APP_URL=${url}`,
  "-e",
  "REQUEST_LOG=false",
  IMAGE,
);
let failed = false;
try {
  for (let tries = 0; ; tries += 1) {
    const ok = await fetch(`${url}/healthz`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ok) break;
    if (tries > 600 || !state().Running) throw new Error("The container did not become healthy");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const pid = state().Pid;
  let peak = rssMb(pid);
  console.info(`Healthy at ${peak} MB resident; flooding for ${SECONDS} s, 8 at a time`);
  const statuses = new Map();
  const started = Date.now();
  for (let round = 0; Date.now() - started < SECONDS * 1000 && state().Running; round += 1) {
    const answered = await flood(url, floodPaths(round), {
      onTick: () => (peak = Math.max(peak, rssMb(pid))),
    });
    for (const [status, count] of answered)
      statuses.set(status, (statuses.get(status) ?? 0) + count);
    console.info(`  round ${round}: peak so far ${peak} MB`);
  }
  const after = state();
  const served = Object.fromEntries(statuses);
  console.info(
    `After ${Math.round((Date.now() - started) / 1000)} s: OOMKilled ${after.OOMKilled}, ` +
      `running ${after.Running}, peak resident ${peak} MB, statuses ${JSON.stringify(served)}`,
  );
  const errors = [...statuses.keys()].filter((status) => status >= 500 || status < 0);
  failed = after.OOMKilled || !after.Running || errors.length > 0;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  failed = true;
} finally {
  if (failed) console.error(docker("logs", "--tail", "30", NAME));
  spawnSync("docker", ["rm", "-f", "-v", NAME], { stdio: "ignore" });
}
process.exit(failed ? 1 : 0);
