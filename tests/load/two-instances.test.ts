// Two production servers on one PostgreSQL database (issue 33 item 5), as a load balancer
// would put them: what one instance counts or revokes, the other sees at once. PostgreSQL
// only (vitest.config.ts, POSTGRES_ONLY): SQLite is one process on one file.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testPorts } from "../support/ports.mjs";
import { type ProductionServer, startProductionServer } from "../support/production-server";

const ports = testPorts().instances;
let first: ProductionServer;
let second: ProductionServer;

beforeAll(async () => {
  first = await startProductionServer({ port: ports.first });
  second = await startProductionServer({
    port: ports.second,
    databaseFile: first.databaseUrl,
  });
}, 180_000);

afterAll(async () => {
  await second?.stop({ removeDatabase: false });
  await first?.stop();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe("two instances on one database", () => {
  it("count the sign-in limit across both: attempts on one use up the other's allowance", async () => {
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 11; attempt += 1) {
      const server = attempt % 2 === 0 ? second : first;
      const response = await fetch(`${server.url}/api/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: `nobody-${attempt}@example.com`, password: "guess-x1" }),
      });
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    // Ten a minute per client (.env.example): five on each, then the eleventh is refused.
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
  });

  it("refuse on one a session signed out on the other, at the next request", async () => {
    const { token } = await first.signedInUser();
    const before = await fetch(`${second.url}/api/me/sessions`, { headers: bearer(token) });
    await before.arrayBuffer();
    expect(before.status).toBe(200);
    // Read once more on the first, so both have the session in their caches.
    const cached = await fetch(`${first.url}/api/me/sessions`, { headers: bearer(token) });
    await cached.arrayBuffer();
    expect(cached.status).toBe(200);

    const out = await fetch(`${second.url}/api/logout`, { method: "POST", headers: bearer(token) });
    await out.arrayBuffer();
    expect(out.status).toBe(200);

    const after = await fetch(`${first.url}/api/me/sessions`, { headers: bearer(token) });
    await after.arrayBuffer();
    expect(after.status).toBe(401);
  });

  it("run each sweep on one of them: the other says another server runs it", async () => {
    const label = /\[(\w[\w-]*)\] this server runs the sweep/;
    const [, sweep] = await Promise.race([
      first.waitForOutput(label, 90_000),
      second.waitForOutput(label, 90_000),
    ]);
    const runner = label.exec(first.output())?.[1] === sweep ? first : second;
    const other = runner === first ? second : first;
    await other.waitForOutput(new RegExp(`\\[${sweep}\\] another server runs the sweep`), 90_000);
    expect(other.output()).not.toMatch(new RegExp(`\\[${sweep}\\] this server runs the sweep`));
  }, 200_000);
});
