/**
 * A day's holds as the booking rules see them: for free times, and inside the transaction
 * that places a visit (~/models/booking/place.server), which then decides on them.
 */
import { Prisma, type SlotHold } from "@prisma/client";
import { prisma, readCommitted } from "~/infra/db.server";
import {
  epochSeconds,
  integerParameter,
  joinedIntegers,
  jsonItem,
  jsonItems,
  jsonParameter,
  jsonPlace,
  textParameter,
  timestampParameter,
} from "~/infra/sql-dialect.server";
import { addDays, clinicTimeToUtc } from "~/utils/clinic-time";
import { HOLD_MINUTES, holdKey } from "~/models/booking/slot-engine";
import type { RuleDay } from "./rules";

export type DayHolds = Pick<RuleDay, "held" | "visitsByDentist" | "heldMinutes">;

type HoldRow = Pick<SlotHold, "resource" | "startsAt" | "appointmentId">;

/** The rules' view of some holds. */
function foldHolds(rows: Iterable<HoldRow>): DayHolds {
  const held = new Set<string>();
  const visitsByDentist = new Map<string, Set<string>>();
  const heldMinutes = new Map<string, number>();
  for (const row of rows) {
    held.add(holdKey(row.resource, row.startsAt));
    if (!row.resource.startsWith("dentist:")) continue;
    const id = row.resource.slice("dentist:".length);
    const visits = visitsByDentist.get(id) ?? new Set<string>();
    visits.add(row.appointmentId);
    visitsByDentist.set(id, visits);
    heldMinutes.set(id, (heldMinutes.get(id) ?? 0) + HOLD_MINUTES);
  }
  return { held, visitsByDentist, heldMinutes };
}

// Raw SQL: every booking and every free-times answer reads holds, and Prisma's query
// compiler cost more than the read itself (docs/performance.md).
function holdsBetween(from: Date, to: Date, exceptAppointmentId?: string) {
  return prisma.$queryRaw<HoldRow[]>`
    SELECT "resource", "startsAt", "appointmentId" FROM "SlotHold"
    WHERE "startsAt" >= ${from} AND "startsAt" < ${to}
    ${exceptAppointmentId ? Prisma.sql`AND "appointmentId" <> ${exceptAppointmentId}` : Prisma.empty}`;
}

/**
 * The day's holds, on any layer, through the startsAt index; a moving visit's own holds
 * are left out (its old time counts as free to it).
 */
export async function readHolds(
  date: string,
  timeZone: string,
  exceptAppointmentId?: string,
): Promise<DayHolds> {
  const from = clinicTimeToUtc(date, "00:00", timeZone);
  const to = clinicTimeToUtc(addDays(date, 1), "00:00", timeZone);
  return foldHolds(await holdsBetween(from, to, exceptAppointmentId));
}

/**
 * The holds of the consecutive days from `first` to `last` (clinic dates) in one read of
 * their range, by day: a strip of free days that looks weeks ahead reads them at once,
 * not a query per day.
 */
export async function readHoldsOfDays(
  first: string,
  last: string,
  timeZone: string,
): Promise<Map<string, DayHolds>> {
  const dates: string[] = [];
  for (let date = first; date <= last; date = addDays(date, 1)) dates.push(date);
  // Each day's first instant, and the instant after the last day.
  const starts = [...dates, addDays(last, 1)].map((date) =>
    clinicTimeToUtc(date, "00:00", timeZone).getTime(),
  );
  const rows = await holdsBetween(new Date(starts[0]!), new Date(starts.at(-1)!));
  const byDay = dates.map((): HoldRow[] => []);
  for (const row of rows) {
    const at = row.startsAt.getTime();
    // The last day whose first instant is at or before the hold.
    let low = 0;
    let high = dates.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= at) low = middle;
      else high = middle - 1;
    }
    byDay[low]!.push(row);
  }
  return new Map(dates.map((date, index) => [date, foldHolds(byDay[index]!)]));
}

const HOLD_MS = HOLD_MINUTES * 60_000;

/** A dentist's working period on a day, as the steps it spans (epoch milliseconds). */
export type HeldPeriod = { resource: string; from: number; to: number };

/**
 * The dates on which every one of their `periods` is held step by step: no start is left in
 * them for those dentists. Counted, not read: a count per period through the
 * (resource, startsAt, layer) index, of the steps held on layer 0 (a double booking's
 * further layers hold steps layer 0 already holds), and a date's counts stop at its first
 * period with a step left (NOT EXISTS), so an open day costs about one count. The first
 * free days pass over a booked-up month this way instead of reading its tens of thousands
 * of holds. The periods are bound as one JSON parameter (a statement of one length,
 * cheap to prepare), a list per date.
 */
export async function datesFullyHeld(
  periods: ReadonlyMap<string, readonly HeldPeriod[]>,
): Promise<Set<string>> {
  const dates: string[] = [];
  const lists: [string, Date, Date, number][][] = [];
  // The periods share a few instants (most dentists share their hours): a Date each.
  const instants = new Map<number, Date>();
  const instant = (at: number) => {
    let date = instants.get(at);
    if (date === undefined) {
      date = new Date(at);
      instants.set(at, date);
    }
    return date;
  };
  for (const [date, ofDate] of periods) {
    if (ofDate.length === 0) continue;
    dates.push(date);
    lists.push(
      ofDate.map(({ resource, from, to }) => [
        resource,
        instant(from),
        instant(to),
        (to - from) / HOLD_MS,
      ]),
    );
  }
  if (dates.length === 0) return new Set();
  const period = Prisma.sql`"p"."value"`;
  // The dates' periods as one parameter, a list per date; date by date, each period's
  // count until one has a step left.
  const full = await readCommitted<{ day: number | bigint }>(Prisma.sql`
    SELECT ${jsonPlace("d")} AS "day" FROM ${jsonItems(jsonParameter(lists), "d")}
    WHERE NOT EXISTS (
      SELECT 1 FROM ${jsonItems(Prisma.sql`"d"."value"`, "p")} WHERE (
        SELECT count(*) FROM "SlotHold" AS "h"
        WHERE "h"."resource" = ${jsonItem(period, 0, "text")} AND "h"."layer" = 0
          AND "h"."startsAt" >= ${jsonItem(period, 1, "time")}
          AND "h"."startsAt" < ${jsonItem(period, 2, "time")}
      ) < ${jsonItem(period, 3, "integer")}
    )`);
  return new Set(full.map(({ day }) => dates[Number(day)]!));
}

/** A day's view of the steps read by `readHeldStepsOfDays`. */
function heldStepsOfDay(
  bits: Uint8Array,
  rowOf: Map<string, number>,
  steps: number,
  origin: number,
  from: number,
  to: number,
) {
  const heldAt = (resource: string, at: number) => {
    const row = rowOf.get(resource);
    if (row === undefined || at < from || at >= to) return false;
    return bits[row * steps + (at - origin) / HOLD_MS] === 1;
  };
  return {
    has(key: string) {
      const bar = key.lastIndexOf("|");
      return heldAt(key.slice(0, bar), Number(key.slice(bar + 1)));
    },
    heldAt,
  };
}

/** The part of a day whose held steps some rule will ask about: from `from` to before `to`. */
export type AskedSpan = { from: Date; to: Date };

/**
 * The steps `resources` (the days' dentists and chairs, all the rules ask about) hold on
 * the consecutive days from `first` to `last`, by day, from one read that answers each
 * hold as a number in one text rather than as a row: the free times of a booked-up month
 * meet tens of thousands of holds. `asked`, when given, says by date the one span of each
 * day whose steps will be asked about (the free times: where a start's steps can fall);
 * only those are read, and a step outside them reads as free. A dentist's held minutes
 * count each step read once, on whatever layers; no visit is counted (`visitsByDentist`
 * stays empty), so this serves only a clinic without a daily cap, the one rule that
 * counts them.
 */
export async function readHeldStepsOfDays(
  first: string,
  last: string,
  timeZone: string,
  resources: string[],
  asked?: ReadonlyMap<string, AskedSpan>,
): Promise<Map<string, DayHolds>> {
  const dates: string[] = [];
  for (let date = first; date <= last; date = addDays(date, 1)) dates.push(date);
  const starts = [...dates, addDays(last, 1)].map((date) =>
    clinicTimeToUtc(date, "00:00", timeZone).getTime(),
  );
  const origin = Math.floor(starts[0]! / HOLD_MS) * HOLD_MS;
  const steps = Math.ceil((starts.at(-1)! - origin) / HOLD_MS);
  const bits = new Uint8Array(resources.length * steps);
  // Each day's span kept inside the day (a step past its end reads as free, as in `readHolds`).
  const spans = asked
    ? dates.flatMap((date, index) => {
        const span = asked.get(date);
        const from = Math.max(span?.from.getTime() ?? Infinity, starts[index]!);
        const to = Math.min(span?.to.getTime() ?? -Infinity, starts[index + 1]!);
        return from < to ? [{ from: new Date(from), to: new Date(to) }] : [];
      })
    : [{ from: new Date(starts[0]!), to: new Date(starts.at(-1)!) }];
  if (resources.length > 0 && spans.length > 0) {
    const codes = Prisma.join(
      resources.map(
        (resource, row) => Prisma.sql`(${textParameter(resource)}, ${integerParameter(row)})`,
      ),
    );
    const windows = Prisma.join(
      spans.map(
        ({ from, to }) => Prisma.sql`(${timestampParameter(from)}, ${timestampParameter(to)})`,
      ),
    );
    const step = Prisma.sql`"r"."row" * ${integerParameter(steps)}
        + (${epochSeconds(Prisma.sql`"h"."startsAt"`)} - ${integerParameter(origin / 1000)}) / ${integerParameter(HOLD_MS / 1000)}`;
    // Each resource's holds in each span, through the (resource, startsAt, layer) index.
    const [answer] = await readCommitted<{ steps: string | null }>(Prisma.sql`
      WITH "r"("resource", "row") AS (VALUES ${codes}),
      "w"("from", "to") AS (VALUES ${windows})
      SELECT ${joinedIntegers(step)} AS "steps"
      FROM "w" JOIN "r" ON 1 = 1 JOIN "SlotHold" AS "h" ON "h"."resource" = "r"."resource"
        AND "h"."startsAt" >= "w"."from" AND "h"."startsAt" < "w"."to"`);
    // "12,13,14,...": each hold's row * steps + step.
    const text = answer?.steps ?? "";
    let value = 0;
    for (let index = 0; index < text.length; index += 1) {
      const code = text.charCodeAt(index);
      if (code === 44) {
        bits[value] = 1;
        value = 0;
      } else value = value * 10 + code - 48;
    }
    if (text !== "") bits[value] = 1;
  }
  const rowOf = new Map(resources.map((resource, row) => [resource, row]));
  return new Map(
    dates.map((date, index) => {
      const from = starts[index]!;
      const to = starts[index + 1]!;
      const heldMinutes = new Map<string, number>();
      for (const [resource, row] of rowOf) {
        if (!resource.startsWith("dentist:")) continue;
        let held = 0;
        const end = Math.ceil((to - origin) / HOLD_MS);
        for (let step = Math.ceil((from - origin) / HOLD_MS); step < end; step += 1) {
          held += bits[row * steps + step]!;
        }
        if (held > 0) heldMinutes.set(resource.slice("dentist:".length), held * HOLD_MINUTES);
      }
      return [
        date,
        {
          held: heldStepsOfDay(bits, rowOf, steps, origin, from, to),
          visitsByDentist: new Map(),
          heldMinutes,
        },
      ];
    }),
  );
}
