// What the fourth round of reviews found (issue 31, "Security and data integrity"), replayed
// over real HTTP against the production build, one describe per item. Limits are out of the
// way except where an item is about them.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STAFF_ONLY_MESSAGE } from "~/models/roles";
import { TMP_DIR } from "../support/paths";
import { testPorts } from "../support/ports.mjs";
import {
  NO_RATE_LIMITS,
  startProductionServer,
  type ProductionServer,
} from "../support/production-server";

const PORT = testPorts().fourthReview;

let server: ProductionServer;

beforeAll(async () => {
  server = await startProductionServer({ port: PORT, env: NO_RATE_LIMITS });
}, 180_000);

afterAll(async () => {
  await server?.stop();
  rmSync(path.join(TMP_DIR, `outbox-${PORT}`), { recursive: true, force: true });
}, 30_000);

const unique = () => randomBytes(4).toString("hex");

describe("31.7: the reports' CSV refuses like every other staff page", () => {
  it("answers a role without the permission a plain 403, and a visitor a plain 401", async () => {
    const { cookie } = await server.signedInUser({
      role: "reception",
      email: `desk-${unique()}@example.com`,
    });
    const refused = await fetch(`${server.url}/staff/reports/export?table=no-shows`, {
      headers: { cookie },
    });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("content-type")).toMatch(/^text\/plain/);
    expect((await refused.text()).trim()).toBe(STAFF_ONLY_MESSAGE);

    const visitor = await fetch(`${server.url}/staff/reports/export?table=no-shows`);
    expect(visitor.status).toBe(401);
    expect(await visitor.text()).not.toContain("Unexpected Server Error");

    const { cookie: admin } = await server.signedInUser({
      role: "admin",
      email: `admin-${unique()}@example.com`,
    });
    const csv = await fetch(`${server.url}/staff/reports/export?table=no-shows`, {
      headers: { cookie: admin },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
  });
});
