import { Prisma } from "@prisma/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  DATABASE_BUSY_MESSAGE,
  fail,
  invalid,
  isDatabaseBusy,
  isUniqueViolation,
  ok,
  retryAfterHeaders,
  TRY_AGAIN_MESSAGE,
  unexpectedError,
} from "~/utils/result";

/** A Prisma error as the client throws it, with what the SQLite driver adapter reports. */
function prismaError(code: string, sqliteCode?: string) {
  return new Prisma.PrismaClientKnownRequestError(`Invalid invocation (${code})`, {
    code,
    clientVersion: Prisma.prismaVersion.client,
    meta: sqliteCode
      ? {
          driverAdapterError: {
            name: "DriverAdapterError",
            cause: { originalCode: sqliteCode, originalMessage: "database is locked" },
          },
        }
      : undefined,
  });
}

/** better-sqlite3's own error, when SQLite is reached without Prisma. */
function sqliteError(code: string) {
  return Object.assign(new Error("database is locked"), { code });
}

afterEach(() => vi.restoreAllMocks());

describe("results", () => {
  it("builds successes and failures in one shape", () => {
    expect(ok({ page: 2 })).toEqual({ ok: true, page: 2 });
    expect(fail(409, "Taken")).toEqual({ ok: false, status: 409, message: "Taken" });
    expect(fail(429, "Slow down", 30)).toEqual({
      ok: false,
      status: 429,
      message: "Slow down",
      retryAfter: 30,
    });
    expect(invalid("Fill All Details")).toEqual({
      ok: false,
      status: 400,
      message: "Fill All Details",
    });
  });

  it("asks for Retry-After only when the refusal says when", () => {
    expect(retryAfterHeaders(fail(429, "Slow down", 30))).toEqual({ "retry-after": "30" });
    expect(retryAfterHeaders(fail(400, "Bad"))).toBeUndefined();
  });
});

describe("Prisma errors", () => {
  it("tells a unique-index refusal from other errors", () => {
    expect(isUniqueViolation(prismaError("P2002"))).toBe(true);
    expect(isUniqueViolation(prismaError("P2025"))).toBe(false);
    expect(isUniqueViolation(new Error("P2002"))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });

  it.each([
    [
      "an operation timeout with SQLITE_BUSY (what a locked file gives)",
      prismaError("P1008", "SQLITE_BUSY"),
    ],
    ["a raw query refused with SQLITE_BUSY", prismaError("P2010", "SQLITE_BUSY")],
    ["a raw query refused with SQLITE_LOCKED", prismaError("P2010", "SQLITE_LOCKED_SHAREDCACHE")],
    ["a Prisma timeout", prismaError("P1008")],
    ["a pool timeout", prismaError("P2024")],
    ["a write conflict to retry", prismaError("P2034")],
    [
      "a transaction that could not start within maxWait",
      Object.assign(prismaError("P2028"), {
        message: "Transaction API error: Unable to start a transaction in the given time.",
      }),
    ],
    [
      "a transaction that ran out of time waiting on other transactions",
      Object.assign(prismaError("P2028"), {
        message:
          "Transaction API error: A query cannot be executed on an expired transaction. The timeout for this transaction was 5000 ms",
      }),
    ],
    ["PostgreSQL's lock not had within lock_timeout", prismaError("P2010", "55P03")],
    ["PostgreSQL's serialization failure", prismaError("P2010", "40001")],
    ["PostgreSQL's deadlock", prismaError("P2010", "40P01")],
    ["better-sqlite3's SQLITE_BUSY", sqliteError("SQLITE_BUSY")],
    ["better-sqlite3's SQLITE_BUSY_SNAPSHOT", sqliteError("SQLITE_BUSY_SNAPSHOT")],
    [
      "a busy error wrapped as a cause",
      new Error("booking failed", { cause: sqliteError("SQLITE_BUSY") }),
    ],
  ])("counts %s as a busy database", (_label, error) => {
    expect(isDatabaseBusy(error)).toBe(true);
  });

  it.each([
    ["a unique violation", prismaError("P2002")],
    ["another transaction API error (a closed transaction)", prismaError("P2028")],
    ["a raw query with a syntax error", prismaError("P2010", "SQLITE_ERROR")],
    ["PostgreSQL's syntax error", prismaError("P2010", "42601")],
    ["PostgreSQL's check violation", prismaError("P2010", "23514")],
    ["a constraint failure", sqliteError("SQLITE_CONSTRAINT_FOREIGNKEY")],
    ["a plain error", new Error("database is locked? no, a bug")],
    ["a string", "SQLITE_BUSY"],
    ["nothing", undefined],
  ])("does not count %s as a busy database", (_label, error) => {
    expect(isDatabaseBusy(error)).toBe(false);
  });
});

describe("unexpected errors", () => {
  it("answer a busy database with a retryable 503, logged as a warning", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(unexpectedError("Booking", prismaError("P1008", "SQLITE_BUSY"))).toEqual({
      ok: false,
      status: 503,
      message: DATABASE_BUSY_MESSAGE,
      retryAfter: 2,
    });
    expect(warn).toHaveBeenCalledOnce();
    expect(error).not.toHaveBeenCalled();
  });

  it("answer anything else with a 500 and the given message, logged as an error", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const bug = new TypeError("undefined is not a function");
    expect(unexpectedError("Booking", bug)).toEqual({
      ok: false,
      status: 500,
      message: TRY_AGAIN_MESSAGE,
    });
    expect(unexpectedError("Login", bug, "Something went wrong").message).toBe(
      "Something went wrong",
    );
    expect(error).toHaveBeenCalledWith("Booking failed", bug);
  });
});
