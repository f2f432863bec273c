// Bounded memory (issues 9.2 and 31.8), over HTTP against the production build under the
// container's heap cap (--max-old-space-size=160, tests/support/production-server.ts): after
// a patient has added ~140 long services, one unauthenticated client floods the site, 8 at a
// time, twice over, with issue 31's flood (tests/support/flood.mjs: 600 home pages with
// distinct `?cb=`, 300 price ranges on /all-service, 100 far pages) and the earlier one's
// JSON and blog reads. The server must stay up and keep answering, /healthz included, and
// stay under the resident memory docs/operations.md promises (issue 21.8); it prints the
// /healthz p99 and its peak. scripts/container-memory.mjs sends the same flood for a minute to
// the container run with `--memory 256m`.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, expect, it } from "vitest";
import { flood, floodPaths } from "../support/flood.mjs";
import { rssMb } from "../support/load";
import { testPorts } from "../support/ports.mjs";
import {
  NO_RATE_LIMITS,
  startProductionServer,
  type ProductionServer,
} from "../support/production-server";

const PORT = testPorts().flood;
/** docs/operations.md's figure ("the process stays under N MB resident"): the two cannot part. */
const DOCUMENTED_RSS_MB = Number(
  /stays under (\d+) MB resident/.exec(
    readFileSync("docs/operations.md", "utf8").replace(/\s+/g, " "),
  )?.[1],
);
const SERVICES = 140;
const CONNECTIONS = 8;
const ROUNDS = 2;

let server: ProductionServer;

beforeAll(async () => {
  server = await startProductionServer({ port: PORT, env: NO_RATE_LIMITS });
}, 120_000);

afterAll(async () => {
  await server?.stop();
}, 30_000);

/** ~140 services with the longest name and description the form takes. */
async function addLongServices(token: string) {
  const description = "Long description of a service, written to take room. "
    .repeat(40)
    .slice(0, 2000);
  for (let i = 0; i < SERVICES; i += 1) {
    const response = await fetch(`${server.url}/api/create-product`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: token },
      body: JSON.stringify({
        name: `Flood service ${i} ${"n".repeat(80)}`.slice(0, 100),
        description,
        price: String(100 + i),
        photo: "https://example.com/service-photo.png",
        category: ["Preventive", "Cosmetic", "Restorative"][i % 3],
      }),
    });
    expect(response.status).toBe(201);
    await response.arrayBuffer();
  }
}

/**
 * The clinic's admin switches approval of patient-added services off (the settings
 * screen, over HTTP), so the long services are public at once and weigh on every page.
 */
async function publishWithoutApproval() {
  const { cookie } = await server.signedInUser({ role: "admin" });
  const response = await fetch(`${server.url}/staff/settings`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, origin: server.url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "approval" }),
  });
  expect(response.status).toBe(302);
}

/** What one attacker sends: each path once, nothing the cache could answer twice. */
function floodRound(round: number): string[] {
  const paths = floodPaths(round);
  for (let i = 0; i < 100; i += 1) {
    const bust = `bust=${round}-${i}-${"x".repeat(i % 50)}`;
    paths.push(i % 2 ? `/api/get-product?${bust}` : `/blog?${bust}`);
    paths.push(`/api/product-list/${500_000 + round * 100 + i}`);
  }
  return paths;
}

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

// The latency figure is printed, not asserted: speed goals live in the benchmarks, and a
// shared CI machine would make a timing assertion fail for its own load. Memory does not
// depend on the machine's load: the documented figure is asserted, and the heap cap kills an
// unbounded cache, as it did before.
it("stays up under the container's heap cap and keeps serving through a flood", async () => {
  let exited = false;
  void server.exited.then(() => (exited = true));
  const { token } = await server.signedInUser();
  await publishWithoutApproval();
  await addLongServices(token);

  let requests = 0;
  const statuses = new Map<number, number>();
  let peakRss = rssMb(server.pid);
  let flooding = true;
  // One connection asks for /healthz again as soon as it has its answer, all flood long.
  const latencies: number[] = [];
  const prober = async () => {
    while (flooding) {
      const started = performance.now();
      const response = await fetch(`${server.url}/healthz`);
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      expect(response.status).toBe(200);
    }
  };
  const probing = prober();
  for (let round = 0; round < ROUNDS; round += 1) {
    const paths = floodRound(round);
    requests += paths.length;
    const answered = await flood(server.url, paths, {
      connections: CONNECTIONS,
      onTick: () => (peakRss = Math.max(peakRss, rssMb(server.pid))),
    });
    for (const [status, count] of answered) {
      statuses.set(status, (statuses.get(status) ?? 0) + count);
    }
  }
  flooding = false;
  await probing;

  const p99 = percentile(latencies, 99);
  console.info(
    `[flood] ${requests} requests, statuses ${JSON.stringify(Object.fromEntries(statuses))}, ` +
      `/healthz p99 ${p99.toFixed(1)} ms over ${latencies.length} probes, peak RSS ${peakRss} MB`,
  );
  expect(exited).toBe(false);
  expect(DOCUMENTED_RSS_MB).toBeGreaterThan(0);
  expect(peakRss).toBeLessThan(DOCUMENTED_RSS_MB);
  expect([...statuses.keys()].filter((status) => status >= 500)).toEqual([]);
  // Still up, and still serving pages.
  const home = await fetch(`${server.url}/`);
  expect(home.status).toBe(200);
  expect(await home.text()).toContain("Flood service");
  expect(server.requestLog().filter((line) => line.status >= 500)).toEqual([]);
}, 600_000);
