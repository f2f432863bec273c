// A database too busy to answer in time (another writer holds SQLite's lock for longer
// than the busy timeout) gives a clear refusal the visitor can retry, on the API and on
// the pages, and never a half-written record.
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient, type User } from "@prisma/client";
import Database from "better-sqlite3";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { action as createReview } from "~/routes/api.create-review";
import { action as bookAction } from "~/routes/make-appointment";
import { prisma } from "~/infra/db.server";
import { DATABASE_BUSY_MESSAGE, isDatabaseBusy } from "~/utils/result";
import { actionArgs, formPost, jsonRequest, settle } from "../../support/auth-helpers";
import { MONDAY, upcoming } from "../../support/clinic-dates";
import { createService, createUser, sessionFor } from "../../support/factories";

let user: User;
let token: string;
let cookie: string;
let serviceId: string;

beforeAll(async () => {
  user = await createUser();
  ({ token, cookie } = await sessionFor(user));
  serviceId = (await createService()).id;
});

afterEach(() => vi.restoreAllMocks());

/** Runs `work` while another connection holds the database's write lock, then lets go. */
async function whileLocked<T>(work: () => Promise<T>): Promise<T> {
  const other = new Database(process.env.DATABASE_URL!.replace(/^file:/, ""));
  other.exec("BEGIN IMMEDIATE");
  try {
    return await work();
  } finally {
    other.exec("ROLLBACK");
    other.close();
  }
}

/** The error Prisma throws for a write to a locked file, from a client that waits 20 ms. */
async function lockedWriteError(): Promise<unknown> {
  const impatient = new PrismaClient({
    adapter: new PrismaBetterSQLite3({ url: process.env.DATABASE_URL!, timeout: 20 }),
  });
  try {
    return await whileLocked(() =>
      impatient.review
        .create({ data: { name: "Lock", message: "Never stored.", rating: 3, serviceId } })
        .then(
          () => null,
          (thrown: unknown) => thrown,
        ),
    );
  } finally {
    await impatient.$disconnect();
  }
}

describe("a locked database", () => {
  it("gives an error the app counts as busy", async () => {
    const error = await lockedWriteError();
    expect(error).not.toBeNull();
    expect(isDatabaseBusy(error)).toBe(true);
  });

  it("is a 503 with Retry-After on the API once the busy timeout runs out; nothing is stored", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const message = `Written while locked ${Date.now()}`;
    const response = await whileLocked(() =>
      createReview(
        actionArgs(
          jsonRequest(
            "/api/create-review",
            "POST",
            { service: serviceId, name: "Grace", message, rating: 4 },
            { authorization: `Bearer ${token}` },
          ),
        ),
      ),
    );
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("2");
    expect(await response.json()).toEqual({ success: false, message: DATABASE_BUSY_MESSAGE });
    expect(await prisma.review.count({ where: { message } })).toBe(0);
  }, 30_000);
});

describe("a busy database on a page", () => {
  it("shows the form again with the message and what was typed, 503 with Retry-After", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    // The real error of a locked write, without waiting out the app's busy timeout again.
    const busy = await lockedWriteError();
    // The booking's write (the visit, its holds, its history and its mail in one
    // transaction) meets the lock. Prisma's client sits behind a proxy that vi.spyOn
    // cannot restore.
    const client = prisma as unknown as Record<string, unknown>;
    const transaction = client.$transaction;
    client.$transaction = vi.fn().mockRejectedValue(busy);
    const date = upcoming(MONDAY, 4);
    const fields = {
      name: "Ada",
      email: user.email,
      phone: "555 0100",
      date,
      time: "11:00",
      service: serviceId,
      message: "Check-up",
    };
    const result = await settle(() =>
      bookAction(actionArgs(formPost("/make-appointment", fields, cookie))),
    ).finally(() => (client.$transaction = transaction));
    expect(result).toMatchObject({
      status: 503,
      body: { error: DATABASE_BUSY_MESSAGE, values: { phone: "555 0100", date } },
    });
    expect(result.headers.get("retry-after")).toBe("2");
    expect(await prisma.appointment.count({ where: { date, userId: user.id } })).toBe(0);
  });
});
