// No request may end the process (issue 21.2). `GET /staff?date=9999-12-27` as a dentist
// used to: the diary's loader started a query, then a date computation beside it threw, and
// the query's rejection, left with nobody listening, ended the server (and the restarted
// one, at the same request). Now the date is refused at the edge, and a rejection nobody
// handles is logged while the server goes on answering: a module preloaded into the server
// (tests/support/reject-on-signal.mjs) makes one on SIGUSR2, as a bug would.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptedDateRange, dateOutOfRangeMessage } from "~/validation/dates";
import { testPorts } from "../support/ports.mjs";
import { startProductionServer, type ProductionServer } from "../support/production-server";

const PRELOAD = path.resolve("tests/support/reject-on-signal.mjs");

let server: ProductionServer;

beforeAll(async () => {
  server = await startProductionServer({
    port: testPorts().rejection,
    env: { NODE_OPTIONS: `--max-old-space-size=160 --import=${PRELOAD}` },
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
}, 30_000);

async function healthy() {
  const response = await fetch(`${server.url}/healthz`);
  await response.arrayBuffer();
  return response.status;
}

describe("a request that used to end the process", () => {
  it("is answered 400 with the accepted dates, and the server answers the next request (twice)", async () => {
    const { cookie } = await server.signedInUser({ role: "dentist" });
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await fetch(`${server.url}/staff?date=9999-12-27`, { headers: { cookie } });
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain(dateOutOfRangeMessage(acceptedDateRange()));
      expect(await healthy()).toBe(200);
    }
    expect(server.output()).not.toContain("unhandled rejection");
  });
});

describe("a promise rejected with nobody listening", () => {
  it("is logged as an error, and the server goes on answering", async () => {
    let exited = false;
    void server.exited.then(() => (exited = true));
    process.kill(server.pid, "SIGUSR2");
    const logged = await server.waitForOutput(/^\{.*"msg":"unhandled rejection".*$/m);
    const line = JSON.parse(logged[0]) as { level: string; error: string };
    expect(line.level).toBe("error");
    expect(line.error).toContain("Rejected on purpose by the test");
    expect(await healthy()).toBe(200);
    const home = await fetch(`${server.url}/`);
    expect(home.status).toBe(200);
    await home.arrayBuffer();
    expect(exited).toBe(false);
  });
});
