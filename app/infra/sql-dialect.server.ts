/**
 * The raw SQL that differs between the engines, written once per dialect here
 * (docs/decisions/051-postgresql.md): the models say what they need, and the engine
 * DATABASE_URL chose decides how it is said. What is the same in both stays in the model.
 */
import { Prisma } from "@prisma/client";
import type { DatabaseEngine } from "~/infra/database-engine.server";
import { databaseEngine, prisma } from "~/infra/db.server";
import { sqliteTime } from "~/infra/sqlite-time";

/** The longest a transaction waits for one of the locks below (PostgreSQL). */
const LOCK_WAIT_MS = 3000;

/** The choice for this process's engine. */
export function perDialect<T>(choices: Record<DatabaseEngine, T>): T {
  return choices[databaseEngine()];
}

/**
 * A parameter as text where nothing else says its type (a select list, a union):
 * PostgreSQL cannot type a bare parameter there, SQLite does not care.
 */
export function textParameter(value: string): Prisma.Sql {
  return Prisma.sql`CAST(${value} AS TEXT)`;
}

/** A whole number as a parameter typed as one (the drivers bind JS numbers as reals or text). */
export function integerParameter(value: number): Prisma.Sql {
  return Prisma.sql`CAST(${Math.trunc(value)} AS BIGINT)`;
}

/**
 * A time as a parameter typed as one where nothing else says its type (a VALUES list):
 * PostgreSQL would take it as text, which it does not compare with a timestamp column;
 * SQLite compares the value as bound.
 */
export function timestampParameter(value: Date): Prisma.Sql {
  return perDialect({
    sqlite: Prisma.sql`${value}`,
    postgresql: Prisma.sql`CAST(${value} AS TIMESTAMP(3))`,
  });
}

/** A condition that holds for no row (PostgreSQL takes no bare 0 as false). */
export const NO_ROW = Prisma.sql`1 = 0`;

/**
 * The JSON text of a list of lists: one list of `columns` per row of `rows` (a SELECT),
 * `[]` when there is none.
 */
export function jsonListOfRows(columns: Prisma.Sql, rows: Prisma.Sql): Prisma.Sql {
  return perDialect({
    sqlite: Prisma.sql`(SELECT json_group_array(json_array(${columns})) FROM (${rows}) AS "rows")`,
    postgresql: Prisma.sql`(SELECT CAST(COALESCE(json_agg(json_build_array(${columns})), '[]') AS TEXT)
      FROM (${rows}) AS "rows")`,
  });
}

/** The date (`YYYY-MM-DD` text) `days` after the date in `column`, as the same text. */
export function datePlusDays(column: Prisma.Sql, days: number): Prisma.Sql {
  const whole = Math.trunc(days);
  return perDialect({
    sqlite: Prisma.sql`date(${column}, ${`${whole >= 0 ? "+" : ""}${whole} days`})`,
    postgresql: Prisma.sql`to_char(CAST(${column} AS DATE) + CAST(${whole} AS INTEGER), 'YYYY-MM-DD')`,
  });
}

/** What a JSON parameter holds: numbers, texts, times, and lists of them. */
type JsonValue = number | string | Date | readonly JsonValue[];

/**
 * A value bound as one JSON parameter: hundreds of values cost one parameter, not one
 * each, so the statement stays the same length whatever they are, and its preparing and
 * the handling of its parameters stay short. A time is written as the column holds it
 * (SQLite compares the stored text; `jsonItem` casts it for PostgreSQL).
 */
export function jsonParameter(value: JsonValue): Prisma.Sql {
  const sqlite = databaseEngine() === "sqlite";
  // Values share a few times (a day's periods): each is written once.
  const times = new Map<number, string>();
  const time = (at: Date) => {
    let text = times.get(at.getTime());
    if (text === undefined) {
      text = sqlite ? sqliteTime(at) : at.toISOString().replace("Z", "");
      times.set(at.getTime(), text);
    }
    return text;
  };
  const plain = (item: JsonValue): unknown =>
    item instanceof Date ? time(item) : Array.isArray(item) ? item.map(plain) : item;
  const json = JSON.stringify(plain(value));
  return perDialect({ sqlite: Prisma.sql`${json}`, postgresql: Prisma.sql`CAST(${json} AS JSON)` });
}

/**
 * The items of a JSON list (`jsonParameter`, or an item of one) as the rows of `alias`:
 * each its "value" and, through `jsonPlace`, its place in the list.
 */
export function jsonItems(list: Prisma.Sql, alias: string): Prisma.Sql {
  return perDialect({
    sqlite: Prisma.sql`json_each(${list}) AS ${Prisma.raw(`"${alias}"`)}`,
    postgresql: Prisma.sql`json_array_elements(${list}) WITH ORDINALITY AS ${Prisma.raw(`"${alias}"("value", "n")`)}`,
  });
}

/** The place (from 0) of a row of `jsonItems` in its list. */
export function jsonPlace(alias: string): Prisma.Sql {
  return perDialect({
    sqlite: Prisma.raw(`"${alias}"."key"`),
    postgresql: Prisma.raw(`CAST("${alias}"."n" - 1 AS BIGINT)`),
  });
}

/** Place `place` of a JSON list (a row's "value"), as an integer, a text or a time. */
export function jsonItem(list: Prisma.Sql, place: number, type: "integer" | "text" | "time") {
  const item = Prisma.sql`${list} ->> ${Prisma.raw(String(Math.trunc(place)))}`;
  if (type === "text") return item;
  return perDialect({
    sqlite: type === "integer" ? Prisma.sql`CAST(${item} AS INTEGER)` : item,
    postgresql: Prisma.sql`CAST(${item} AS ${Prisma.raw(type === "integer" ? "BIGINT" : "TIMESTAMP(3)")})`,
  });
}

/** Whole seconds since the epoch of a DateTime column (UTC in both engines). */
export function epochSeconds(column: Prisma.Sql): Prisma.Sql {
  return perDialect({
    sqlite: Prisma.sql`unixepoch(${column})`,
    postgresql: Prisma.sql`CAST(EXTRACT(EPOCH FROM ${column}) AS BIGINT)`,
  });
}

/** An aggregate: the group's values of an integer expression as one text, `12,13,14`. */
export function joinedIntegers(expression: Prisma.Sql): Prisma.Sql {
  return perDialect({
    sqlite: Prisma.sql`group_concat(CAST(${expression} AS INTEGER))`,
    postgresql: Prisma.sql`string_agg(CAST(CAST(${expression} AS BIGINT) AS TEXT), ',')`,
  });
}

/**
 * Holds the named locks until the caller's transaction (the ambient one: call it inside
 * `prisma.$transaction`) ends, taken in one order (so two
 * transactions that want the same ones never wait for each other in a circle). On
 * PostgreSQL these are advisory locks (`pg_advisory_xact_lock` on the name's hash): a rule
 * that counts rows and then writes one (a patient's cap, a dentist's day) holds while two
 * instances book at once. SQLite needs none: its transactions take the one write lock as
 * they begin (docs/decisions/026-transactions-begin-immediate.md), so they already run one
 * at a time.
 */
export async function lockUntilCommit(names: string[]): Promise<void> {
  if (databaseEngine() !== "postgresql") return;
  // A lock not had within this answers "busy, try again" (55P03, ~/utils/result): the
  // transaction gives its connection back well before Prisma's 5 s would end it with an error.
  await prisma.$executeRawUnsafe(`SET LOCAL lock_timeout = '${LOCK_WAIT_MS}ms'`);
  for (const name of [...new Set(names)].sort()) {
    await prisma.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${name}, 0))`;
  }
}

/** Lock names: the rules each kind of lock guards (see lockUntilCommit). */
export const LOCKS = {
  /** A patient's visits to come (the cap on upcoming visits). */
  patient: (userId: string) => `patient:${userId}`,
  /** A clinic day's holds: its dentists' caps and free times, its chairs, the hold layers. */
  day: (date: string) => `day:${date}`,
  /** A day's recall invitations (the daily cap). */
  recallDay: (date: string) => `recall-day:${date}`,
  /** One waiting-list offer (the first to accept it). */
  offer: (offerId: string) => `offer:${offerId}`,
  /** An account's family members (the cap on members looked after). */
  family: (guardianId: string) => `family:${guardianId}`,
  /** The texts' monthly cap (its count and each text's place under it). */
  textsCap: "texts-cap",
} as const;

/**
 * Spread into a Prisma text filter (`contains`, `startsWith`...) so that it matches letters
 * of either case on both engines: SQLite's LIKE already does (for ASCII), PostgreSQL's
 * does not, and Prisma's `mode: "insensitive"` exists only there (its ILIKE, with the
 * database's C ctype, also folds only ASCII). Typed as nothing: the app's Prisma types are
 * SQLite's, which have no `mode` (~/infra/database-engine.server).
 */
export function anyCase(): Record<never, never> {
  return perDialect<Record<never, never>>({ sqlite: {}, postgresql: { mode: "insensitive" } });
}
