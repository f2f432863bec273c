// The admin's settings, closures and chairs over HTTP against the production build: a
// cross-site post is refused before it changes anything, a receptionist gets 403, and the
// staff write limit answers 429 with Retry-After, each with nothing written.
import { rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TMP_DIR } from "../support/paths";
import { testPorts } from "../support/ports.mjs";
import {
  NO_RATE_LIMITS,
  startProductionServer,
  type ProductionServer,
} from "../support/production-server";

const PORT = testPorts().adminSettings;
const EVIL = "https://evil.example";
/** The staff write limit per member per minute (app/infra/rate-limit.server.ts). */
const STAFF_WRITES_PER_MINUTE = 120;

let server: ProductionServer;

beforeAll(async () => {
  // The per-client write limit out of the way: the staff member's own limit is under test.
  server = await startProductionServer({ port: PORT, env: NO_RATE_LIMITS });
}, 180_000);

afterAll(async () => {
  await server?.stop();
  rmSync(path.join(TMP_DIR, `outbox-${PORT}`), { recursive: true, force: true });
}, 30_000);

function post(pathname: string, fields: Record<string, string>, headers: Record<string, string>) {
  return fetch(`${server.url}${pathname}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { origin: server.url, ...headers },
    redirect: "manual",
  });
}

const WRITES: [string, Record<string, string>][] = [
  ["/staff/settings", { intent: "approval" }],
  ["/staff/closures", { intent: "add", name: "Forged", startDate: "2099-01-05" }],
  ["/staff/chairs", { intent: "add", name: "Forged chair" }],
];

async function state() {
  const db = server.db();
  const [settings, closures, chairs, audits] = await Promise.all([
    db.clinicSettings.findUniqueOrThrow({ where: { id: 1 } }),
    db.clinicClosure.count(),
    db.chair.count(),
    db.auditEntry.count(),
  ]);
  return { approval: settings.serviceApprovalRequired, closures, chairs, audits };
}

describe("admin settings over HTTP", () => {
  it("refuses a cross-site post to each screen and changes nothing", async () => {
    const { cookie } = await server.signedInUser({ role: "admin" });
    const before = await state();
    for (const [pathname, fields] of WRITES) {
      const response = await post(pathname, fields, { cookie, origin: EVIL });
      expect(response.status, pathname).toBe(403);
    }
    expect(await state()).toEqual(before);
  });

  it("answers a receptionist 403 on each screen, for reading and writing", async () => {
    const { cookie } = await server.signedInUser({ role: "reception" });
    const before = await state();
    for (const [pathname, fields] of WRITES) {
      expect((await fetch(`${server.url}${pathname}`, { headers: { cookie } })).status).toBe(403);
      expect((await post(pathname, fields, { cookie })).status, pathname).toBe(403);
    }
    expect(await state()).toEqual(before);
  });

  it("saves for an admin, then answers 429 with Retry-After past the staff write limit", async () => {
    const { cookie } = await server.signedInUser({ role: "admin" });
    const saved = await post("/staff/chairs", { intent: "add", name: "Limit chair" }, { cookie });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/staff/chairs");
    // Moving the first chair up changes nothing, and counts as a write.
    const first = await server.db().chair.findFirstOrThrow({ orderBy: { sortOrder: "asc" } });
    for (let sent = 1; sent < STAFF_WRITES_PER_MINUTE; sent += 1) {
      const response = await post("/staff/chairs", { intent: "up", chairId: first.id }, { cookie });
      expect(response.status).toBe(302);
    }
    const before = await state();
    for (const [pathname, fields] of WRITES) {
      const refused = await post(pathname, fields, { cookie });
      expect(refused.status, pathname).toBe(429);
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(await refused.text()).toContain("Too many");
    }
    expect(await state()).toEqual(before);
  });
});
