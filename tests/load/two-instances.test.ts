// Two production servers on one PostgreSQL database (issue 33 item 5), as a load balancer
// would put them: what one instance counts or revokes, the other sees at once. PostgreSQL
// only (vitest.config.ts, POSTGRES_ONLY): SQLite is one process on one file.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testPorts } from "../support/ports.mjs";
import { type ProductionServer, startProductionServer } from "../support/production-server";
import { startSmtpSink } from "../support/smtp-sink";
import { until } from "../support/until";

const ports = testPorts().instances;
let first: ProductionServer;
let second: ProductionServer;

// Four sign-ins a minute: the attempts (each a password check) all land inside the minute
// even on a busy machine, where eleven at the shipped ten took over 60 s; writes unlimited,
// so the racing bookings all reach the rules; a bound of two patients read an hour, which a
// staff member reaches across both.
const SIGN_INS_PER_MINUTE = 4;
const env = {
  RATE_LIMIT_SIGNIN_PER_MINUTE: String(SIGN_INS_PER_MINUTE),
  RATE_LIMIT_WRITES_PER_MINUTE: "1000000",
  RATE_LIMIT_PATIENT_READS_PER_HOUR: "2",
};

beforeAll(async () => {
  first = await startProductionServer({ port: ports.first, env });
  second = await startProductionServer({
    port: ports.second,
    databaseFile: first.databaseUrl,
    env,
  });
}, 180_000);

/** A weekday at least a week ahead, as YYYY-MM-DD. */
function weekdayAhead(days: number) {
  const day = new Date(Date.now() + days * 86_400_000);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/**
 * Books through `server`'s API as a client does: a 503 (the server busy, with its
 * Retry-After) is asked again after the time it names. The last answer's status.
 */
async function book(server: ProductionServer, token: string, slot: { date: string; time: string }) {
  const service = await first.db().service.findUniqueOrThrow({ where: { slug: "dental-checkup" } });
  for (let attempt = 1; ; attempt += 1) {
    const response = await fetch(`${server.url}/api/create-appointment`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: token },
      body: JSON.stringify({
        service: service.id,
        name: "Racing Patient",
        email: "racing@example.com",
        phone: "+1 555 0100",
        message: "Two instances",
        ...slot,
      }),
    });
    await response.arrayBuffer();
    const retryAfter = Number(response.headers.get("retry-after"));
    if (response.status !== 503 || !(retryAfter > 0) || attempt === 10) return response.status;
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
  }
}

afterAll(async () => {
  await second?.stop({ removeDatabase: false });
  await first?.stop();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe("two instances on one database", () => {
  it("count the sign-in limit across both: attempts on one use up the other's allowance", async () => {
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= SIGN_INS_PER_MINUTE + 1; attempt += 1) {
      const server = attempt % 2 === 0 ? second : first;
      const response = await fetch(`${server.url}/api/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: `nobody-${attempt}@example.com`, password: "guess-x1" }),
      });
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    // Four a minute per client: two on each, then the fifth is refused (each instance alone
    // has seen three).
    expect(statuses.slice(0, SIGN_INS_PER_MINUTE)).toEqual(Array(SIGN_INS_PER_MINUTE).fill(401));
    expect(statuses[SIGN_INS_PER_MINUTE]).toBe(429);
  });

  it("count the patients a staff member reads across both: the third new one is refused on either", async () => {
    const { token } = await first.signedInUser({ role: "reception" });
    const surnames = ["Quillonea", "Quillotwo", "Quillothree"];
    for (const surname of surnames) await first.signedInUser({ name: `Patty ${surname}` });
    const search = async (server: ProductionServer, q: string) => {
      const response = await fetch(`${server.url}/api/staff/patients?q=${q}`, {
        headers: bearer(token),
      });
      return { status: response.status, body: (await response.json()) as { message?: string } };
    };
    expect((await search(first, surnames[0]!)).status).toBe(200);
    expect((await search(second, surnames[1]!)).status).toBe(200);
    const refused = await search(first, surnames[2]!);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^You have opened the records of many patients/);
    expect((await search(second, surnames[2]!)).status).toBe(429);
    // The two already read are not new, on either instance.
    expect((await search(second, surnames[0]!)).status).toBe(200);
    expect((await search(first, surnames[1]!)).status).toBe(200);
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

  it("let 100 racing bookings of one time, half on each, take no more than the chairs allow", async () => {
    const slot = { date: weekdayAhead(9), time: "10:00" };
    const tokens = await Promise.all(
      Array.from({ length: 100 }, async () => (await first.signedInUser()).token),
    );
    const statuses = await Promise.all(
      tokens.map((token, i) => book(i % 2 === 0 ? first : second, token, slot)),
    );
    const booked = statuses.filter((status) => status === 201).length;
    const chairs = await first.db().chair.count({ where: { active: true } });
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(booked).toBeGreaterThan(0);
    expect(booked).toBeLessThanOrEqual(chairs);
    const stored = await first.db().appointment.count({
      where: { date: slot.date, status: { in: ["booked", "confirmed"] } },
    });
    expect(stored).toBe(booked);
  }, 120_000);

  it("hold one patient's cap on visits to come across both", async () => {
    const { token } = await first.signedInUser();
    const cap = (await first.db().clinicSettings.findUniqueOrThrow({ where: { id: 1 } }))
      .maxUpcomingPerPatient;
    const date = weekdayAhead(16);
    const times = Array.from({ length: cap + 4 }, (_, i) => `${String(9 + i).padStart(2, "0")}:00`);
    const statuses = await Promise.all(
      times.map((time, i) => book(i % 2 === 0 ? first : second, token, { date, time })),
    );
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    // Every time is free: exactly the cap is booked, whichever instance each request met.
    expect(statuses.filter((status) => status === 201).length).toBe(cap);
  }, 120_000);

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

// Both instances deliver one outbox (FOR UPDATE SKIP LOCKED), one is killed with SIGKILL
// midway: every message reaches the SMTP server, and at most the one the killed server had
// in flight arrives twice (docs/decisions/014-mail-outbox.md's guarantee). In this file, after
// the pair above, so the two pairs of servers never compete for the machine.
const mailPorts = testPorts().mailInstances;
const MESSAGES = 1000;
/** The kill comes once this many messages arrived, with most still to send. */
const KILL_AFTER = 250;

let survivor: ProductionServer | undefined;
let killed: ProductionServer | undefined;
let sink: Awaited<ReturnType<typeof startSmtpSink>> | undefined;

afterAll(async () => {
  await killed?.stop({ removeDatabase: false });
  await survivor?.stop();
  await sink?.close();
}, 60_000);

describe("two instances delivering one outbox", () => {
  it("deliver 1,000 mails once each, one instance killed midway", async () => {
    let arrived = 0;
    let reachedKillPoint!: () => void;
    const killPoint = new Promise<void>((resolve) => (reachedKillPoint = resolve));
    sink = await startSmtpSink({
      onMessage: (mail) => {
        if (!mail.to.some((to) => to.startsWith("pair-"))) return;
        arrived += 1;
        if (arrived >= KILL_AFTER) reachedKillPoint();
      },
    });
    // A claim left by the killed server is taken back this soon by the other: long enough
    // for a live server to send what it claimed on a busy machine (at load 10, 2 s was not,
    // and the other server sent its expired claims again).
    const env = { SMTP_URL: sink.url, OUTBOX_POLL_SECONDS: "1", OUTBOX_LOCK_SECONDS: "10" };
    survivor = await startProductionServer({ port: mailPorts.first, env });
    killed = await startProductionServer({
      port: mailPorts.second,
      databaseFile: survivor.databaseUrl,
      env,
    });
    const db = survivor.db();
    const dueAt = new Date(Date.now() - 60_000);
    await db.outboxMessage.createMany({
      data: Array.from({ length: MESSAGES }, (_, i) => ({
        dedupeKey: `pair:${i}`,
        kind: "reminder",
        toAddress: `pair-${i}@example.com`,
        subject: `Two instances ${i}`,
        text: `Message ${i}`,
        nextAttemptAt: dueAt,
        createdAt: dueAt,
      })),
    });

    await killPoint;
    await killed.kill("SIGKILL");
    const arrivedBeforeKill = arrived;
    const where = { dedupeKey: { startsWith: "pair:" } };
    await until(
      async () =>
        (await db.outboxMessage.count({ where: { ...where, status: "sent" } })) === MESSAGES,
      `all ${MESSAGES} messages marked sent by the surviving instance`,
    );
    await sink.idle();

    const perRecipient = new Map<string, number>();
    for (const mail of sink.messages) {
      for (const to of mail.to.filter((address) => address.startsWith("pair-"))) {
        perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
      }
    }
    const duplicates = [...perRecipient.values()].reduce((sum, count) => sum + count - 1, 0);
    console.info(
      `[two instances, outbox] ${arrivedBeforeKill} of ${MESSAGES} delivered before SIGKILL; ` +
        `${perRecipient.size} distinct delivered in all, ${duplicates} duplicate(s)`,
    );
    expect(arrivedBeforeKill).toBeLessThan(MESSAGES);
    expect(perRecipient.size).toBe(MESSAGES);
    expect(duplicates).toBeLessThanOrEqual(1);
  }, 420_000);
});
