// Kills the production server in the middle of a stream of bookings and restarts it on the
// same database file: every booking it acknowledged must still be there, and SQLite must
// report a sound file. Then SIGTERM: requests in flight finish before the process exits.
import { rmSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { TMP_DIR } from "../support/paths";
import { testPorts } from "../support/ports.mjs";
import {
  NO_RATE_LIMITS,
  startProductionServer,
  type ProductionServer,
} from "../support/production-server";
import { untilServerHasRead } from "../support/tcp";

const PORT = testPorts().crash;
const CLIENTS = 4;
/** The kill comes once this many bookings were acknowledged, with the stream still going. */
const KILL_AFTER = Number(process.env.CRASH_KILL_AFTER || 50);
const NO_LIMITS = NO_RATE_LIMITS;

let server: ProductionServer | undefined;

afterAll(async () => {
  await server?.stop();
  rmSync(path.join(TMP_DIR, `outbox-${PORT}`), { recursive: true, force: true });
}, 30_000);

/** Every open slot (Monday to Saturday, 09:00 to 16:30) from two days ahead on. */
function* openSlots() {
  const day = new Date();
  day.setUTCHours(12, 0, 0, 0);
  for (let offset = 2; offset <= 85; offset += 1) {
    const date = new Date(day.getTime() + offset * 86_400_000);
    if (date.getUTCDay() === 0) continue;
    const iso = date.toISOString().slice(0, 10);
    for (let minutes = 9 * 60; minutes < 17 * 60; minutes += 30) {
      const time = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
      yield { date: iso, time };
    }
  }
}

describe("crash safety", () => {
  it("keeps every acknowledged booking through SIGKILL, and the file passes integrity_check", async () => {
    server = await startProductionServer({ port: PORT, env: NO_LIMITS });
    // A 30-minute visit, so every half hour of the stream can be a booking.
    const service = await server
      .db()
      .service.findUniqueOrThrow({ where: { slug: "dental-checkup" } });
    // Each account may hold a few upcoming bookings: enough accounts for the whole stream.
    const perAccount = (await server.db().clinicSettings.findUniqueOrThrow({ where: { id: 1 } }))
      .maxUpcomingPerPatient;
    const tokens: string[] = [];
    for (let i = 0; i < 60; i += 1) {
      const user = await server.db().user.create({
        data: {
          name: `Crash ${i}`,
          email: `crash-${i}-${Date.now()}@example.com`,
          emailVerifiedAt: new Date(),
        },
      });
      tokens.push((await server.newSession(user.id)).token);
    }

    const slots = openSlots();
    const acknowledged: string[] = [];
    let enoughAcknowledged!: () => void;
    const killTime = new Promise<void>((resolve) => (enoughAcknowledged = resolve));
    let failedInFlight = 0;
    let booked = 0;
    let stop = false;
    const client = async () => {
      while (!stop) {
        const slot = slots.next();
        if (slot.done) return;
        const token = tokens[Math.floor(booked / perAccount) % tokens.length]!;
        booked += 1;
        try {
          const response = await fetch(`${server!.url}/api/create-appointment`, {
            method: "POST",
            headers: { "content-type": "application/json", authorization: token },
            body: JSON.stringify({
              service: service.id,
              name: "Crash Test",
              email: "crash@example.com",
              phone: "+1 555 0100",
              message: "Steady stream",
              ...slot.value,
            }),
          });
          const body = (await response.json()) as { appointment?: { _id: string } };
          if (response.status === 201 && body.appointment) {
            acknowledged.push(body.appointment._id);
            if (acknowledged.length >= KILL_AFTER) enoughAcknowledged();
          } else if (response.status >= 500) throw new Error(`${response.status}`);
        } catch {
          failedInFlight += 1;
          return;
        }
      }
    };
    const stream = Promise.all(Array.from({ length: CLIENTS }, client));
    // Killed in the middle of the stream: CLIENTS bookings are on their way at that moment.
    // If the stream ends first (every client failed), the test fails below.
    await Promise.race([killTime, stream]);
    const killedAt = acknowledged.length;
    await server.kill("SIGKILL");
    stop = true;
    await stream;
    console.info(
      `[crash] ${acknowledged.length} bookings acknowledged before SIGKILL ` +
        `(${killedAt} when the signal was sent), ${failedInFlight} cut off in flight`,
    );
    expect(killedAt).toBeGreaterThanOrEqual(KILL_AFTER);

    const databaseFile = server.databaseFile;
    await server.stop({ removeDatabase: false });
    server = await startProductionServer({ port: PORT, databaseFile, env: NO_LIMITS });

    const stored = await server.db().appointment.findMany({
      where: { id: { in: acknowledged } },
      select: { id: true },
    });
    expect(stored.length).toBe(acknowledged.length);
    const sqlite = new Database(databaseFile, { readonly: true });
    try {
      expect(sqlite.pragma("integrity_check", { simple: true })).toBe("ok");
      expect(sqlite.pragma("foreign_key_check")).toEqual([]);
    } finally {
      sqlite.close();
    }
    // And the restarted server serves.
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
  }, 180_000);

  it("finishes the requests in flight on SIGTERM, then exits cleanly and takes no more", async () => {
    server ??= await startProductionServer({ port: PORT, env: NO_LIMITS });
    const { token } = await server.signedInUser();
    // Eight writes (new services: no password check, so a busy machine cannot make them
    // outlast the grace period) whose bodies are sent but for their last byte: the server
    // has them in flight (headers parsed, body awaited) and cannot finish them before the
    // signal.
    const bodies = Array.from({ length: 8 }, (_, i) =>
      Buffer.from(
        JSON.stringify({
          name: `Service sent during shutdown ${i}`,
          description: "Written while the server was asked to stop.",
          price: "120",
          photo: "https://example.com/service-photo.png",
          category: "Preventive",
        }),
      ),
    );
    const inFlight = bodies.map((body) => {
      const request = http.request(`${server!.url}/api/create-product`, {
        method: "POST",
        agent: false,
        headers: {
          "content-type": "application/json",
          "content-length": body.length,
          authorization: token,
        },
      });
      const clientPort = new Promise<number>((resolve) =>
        request.once("socket", (socket) =>
          socket.once("connect", () => resolve(socket.localPort!)),
        ),
      );
      const answer = new Promise<{ status: number; body: { success: boolean }; at: number }>(
        (resolve, reject) => {
          request.once("error", reject);
          request.once("response", (response) => {
            let text = "";
            response.setEncoding("utf8");
            response.on("data", (chunk: string) => (text += chunk));
            response.once("end", () =>
              resolve({ status: response.statusCode!, body: JSON.parse(text), at: Date.now() }),
            );
          });
        },
      );
      request.write(body.subarray(0, -1));
      return { request, body, clientPort, answer };
    });
    await untilServerHasRead(
      server.port,
      await Promise.all(inFlight.map((entry) => entry.clientPort)),
    );

    const signalledAt = Date.now();
    const exited = server.kill("SIGTERM");
    for (const { request, body } of inFlight) request.end(body.subarray(-1));
    const results = await Promise.all(inFlight.map((entry) => entry.answer));
    expect(results.every((result) => result.at >= signalledAt)).toBe(true);
    expect(results.map((result) => result.status)).toEqual(results.map(() => 201));
    expect(results.every((result) => result.body.success)).toBe(true);
    expect(await exited).toBe(0);
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    expect(server.output()).toContain("SIGTERM: finishing in-flight requests");
    await server.stop();
    server = undefined;
  }, 120_000);
});
