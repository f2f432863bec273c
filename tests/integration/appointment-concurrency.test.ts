import { spawn } from "node:child_process";
import type { ActionFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { SLOT_TAKEN_MESSAGE } from "~/models/appointment.server";
import { action } from "~/routes/api.create-appointment";
import { prisma } from "~/utils/db.server";
import { MONDAY, upcoming } from "../support/clinic-dates";
import { createProduct, createUser, sessionFor } from "../support/factories";

const ATTEMPTS = 50;

function tally(statuses: number[]) {
  const count = (status: number) => statuses.filter((value) => value === status).length;
  return {
    booked: count(201),
    refused: count(409),
    other: statuses.length - count(201) - count(409),
  };
}

async function patientsWithTokens(count: number) {
  const users = await Promise.all(Array.from({ length: count }, () => createUser()));
  return Promise.all(users.map(async (user) => ({ user, token: (await sessionFor(user)).token })));
}

function bookingFor(service: string, date: string) {
  return {
    service,
    name: "Rush Hour",
    email: "rush@example.com",
    phone: "555 0199",
    date,
    time: "11:30",
    message: "Any chair will do.",
  };
}

describe("fifty patients booking the same free slot at once", () => {
  it("through the API in one server: exactly one booking, 49 clear refusals, no 500", async () => {
    const product = await createProduct();
    const date = upcoming(MONDAY, 1);
    const patients = await patientsWithTokens(ATTEMPTS);

    const started = performance.now();
    const responses = await Promise.all(
      patients.map(({ token }) =>
        action({
          request: new Request("http://localhost/api/create-appointment", {
            method: "POST",
            headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
            body: JSON.stringify(bookingFor(product.id, date)),
          }),
          params: {},
          context: { clientIp: "127.0.0.1" },
        } as ActionFunctionArgs),
      ),
    );
    const elapsed = Math.round(performance.now() - started);
    const bodies = await Promise.all(
      responses.map(
        (response) => response.json() as Promise<{ success: boolean; message: string }>,
      ),
    );
    const figures = tally(responses.map((response) => response.status));
    console.info(
      `[concurrency, one process] ${ATTEMPTS} simultaneous requests for ${date} 11:30: ` +
        `${figures.booked} booked (201), ${figures.refused} refused (409), ${figures.other} other; ${elapsed} ms`,
    );

    expect(figures).toEqual({ booked: 1, refused: ATTEMPTS - 1, other: 0 });
    for (const body of bodies.filter((body) => !body.success)) {
      expect(body.message.startsWith(SLOT_TAKEN_MESSAGE)).toBe(true);
      expect(body.message).not.toContain("11:30,");
    }
    const held = await prisma.appointment.findMany({ where: { date, time: "11:30" } });
    expect(held).toHaveLength(1);
    expect(held[0]?.chair).toBe(1);
  });

  it("from five processes on one SQLite file: still exactly one booking", async () => {
    const product = await createProduct();
    const date = upcoming(MONDAY, 2);
    const users = await Promise.all(Array.from({ length: ATTEMPTS }, () => createUser()));
    const WORKERS = 5;
    const per = ATTEMPTS / WORKERS;

    const workers = Array.from({ length: WORKERS }, (_, index) => {
      const child = spawn(
        process.execPath,
        [
          "--import",
          "tsx",
          "tests/support/book-slot-worker.ts",
          JSON.stringify({
            userIds: users.slice(index * per, (index + 1) * per).map((user) => user.id),
            input: bookingFor(product.id, date),
          }),
        ],
        { env: { ...process.env }, stdio: ["pipe", "pipe", "inherit"] },
      );
      let output = "";
      const ready = new Promise<void>((resolve, reject) => {
        child.stdout.on("data", (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes("ready\n")) resolve();
        });
        child.on("exit", (code) => reject(new Error(`worker exited with ${code} before ready`)));
      });
      const done = new Promise<Array<{ status: number; message: string }>>((resolve, reject) => {
        child.on("exit", (code) => {
          if (code !== 0) return reject(new Error(`worker exited with ${code}`));
          const line = output.split("\n").find((entry) => entry.startsWith("result:"));
          if (!line) return reject(new Error(`worker printed no result: ${output}`));
          resolve(JSON.parse(line.slice("result:".length)));
        });
      });
      return { child, ready, done };
    });

    await Promise.all(workers.map((worker) => worker.ready));
    for (const worker of workers) worker.child.stdin.end("go\n");
    const results = (await Promise.all(workers.map((worker) => worker.done))).flat();
    const figures = tally(results.map((result) => result.status));
    console.info(
      `[concurrency, ${WORKERS} processes] ${results.length} simultaneous bookings for ${date} 11:30: ` +
        `${figures.booked} booked, ${figures.refused} refused (409), ${figures.other} other`,
    );

    expect(figures).toEqual({ booked: 1, refused: ATTEMPTS - 1, other: 0 });
    expect(await prisma.appointment.count({ where: { date, time: "11:30" } })).toBe(1);
  }, 60_000);
});
