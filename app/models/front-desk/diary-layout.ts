/**
 * The diary's grid laid out once, on the server: which rows it spans, and for every column
 * and row what the cell holds (the visits starting in it, or why nothing can start there).
 * Pure, so its rules are unit-tested apart from the database.
 */
import { CLOSED_DAY, NOT_WORKING } from "~/utils/clinic-format";
import type { Interval } from "~/models/booking/slot-engine";

export const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
export const toTime = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** A visit as the layout sees it: local minutes from its start to the end of its buffer. */
export type Span = { start: number; end: number; chairId: string };

export type DiaryCell<V> =
  /**
   * One block for the visits starting here and spanning the rows of their length (with any
   * visit that starts while they run): the rows below it that it covers are "covered".
   */
  | { kind: "visits"; visits: V[]; rows: number }
  /** Inside a block of visits that starts in a row above: drawn by that block. */
  | { kind: "covered" }
  /**
   * Outside the column's hours: "Closed" where the clinic is, "Not working" where only the
   * dentist is (a day off, a later start), "Break" between two working periods.
   */
  | { kind: "closed"; label: string }
  /** A visit of the column's still runs (one that began before the grid's first row). */
  | { kind: "busy" }
  /** The dentist is free, but every chair is taken. */
  | { kind: "no-chair" }
  /**
   * Free: a booking can start here (in the first free chair, for a dentist's column); where
   * a cancelled visit started, the freed time and how many on the waiting list it suits.
   */
  | { kind: "free"; chairId: string | null; freed?: { time: string; waiting: number } };

/** The grid's rows: grid steps from the earliest opening (or visit) to the latest end. */
export function gridRows(open: Interval[], spans: Pick<Span, "start" | "end">[], grid: number) {
  const starts = [...open.map((p) => p.start), ...spans.map((s) => s.start)];
  const ends = [...open.map((p) => p.end), ...spans.map((s) => s.end)];
  if (starts.length === 0) return [];
  const first = Math.floor(Math.min(...starts) / grid) * grid;
  // A visit that runs past midnight fills its day to the end, no further.
  const last = Math.min(Math.max(...ends), 24 * 60);
  const rows: string[] = [];
  for (let at = first; at < last; at += grid) rows.push(toTime(at));
  return rows;
}

const within = (periods: Interval[], at: number) =>
  periods.some((period) => period.start <= at && at < period.end);

/** Between the first start and the last end of the periods, outside all of them. */
const between = (periods: Interval[], at: number) =>
  periods.length > 0 &&
  at > Math.min(...periods.map((p) => p.start)) &&
  at < Math.max(...periods.map((p) => p.end));

/**
 * Outside a column's hours: "Break" inside its day, else "Closed" where the clinic is
 * closed; a dentist's column (`clinicOpen` given) says "Not working" where the clinic is
 * open and only the dentist is not (their day off, a later start, an earlier end).
 */
export function closedLabel(open: Interval[], at: number, clinicOpen?: Interval[]): string | null {
  if (within(open, at)) return null;
  if (between(open, at)) return "Break";
  if (clinicOpen && within(clinicOpen, at)) return NOT_WORKING;
  if (clinicOpen && open.length === 0 && between(clinicOpen, at)) return NOT_WORKING;
  return between(clinicOpen ?? open, at) ? "Break" : CLOSED_DAY;
}

const overlaps = (span: Pick<Span, "start" | "end">, from: number, to: number) =>
  span.start < to && from < span.end;

/**
 * For each row, the chairs free all through it (every active chair minus those a visit
 * that holds its time covers): the first is where a booking from the diary goes.
 */
export function freeChairsByRow(rows: string[], grid: number, chairIds: string[], spans: Span[]) {
  return rows.map((row) => {
    const at = toMinutes(row);
    const taken = new Set(spans.filter((s) => overlaps(s, at, at + grid)).map((s) => s.chairId));
    return chairIds.filter((id) => !taken.has(id));
  });
}

/**
 * One column's cells, row by row. `visits` are the column's visits that hold time, with
 * their spans; `freeChairs` (a day's dentist columns) says which chairs are free in each
 * row, `chairId` (chair columns) is the column's own chair; with neither, any chair.
 * `clinicOpen`, for a dentist's column, tells their time off from the clinic's.
 */
export function layoutColumn<V>(input: {
  rows: string[];
  grid: number;
  open: Interval[];
  visits: { visit: V; span: Pick<Span, "start" | "end"> }[];
  freeChairs?: string[][];
  chairId?: string;
  clinicOpen?: Interval[];
}): DiaryCell<V>[] {
  const { rows, grid, open, visits } = input;
  const cells: DiaryCell<V>[] = [];
  // Rows starting before this minute lie inside the block above.
  let blockEnd = -1;
  rows.forEach((row, index) => {
    const at = toMinutes(row);
    if (at < blockEnd) {
      cells.push({ kind: "covered" });
      return;
    }
    const starting = visits.filter(({ span }) => span.start >= at && span.start < at + grid);
    if (starting.length > 0) {
      const block = blockFrom(visits, at, grid);
      let span = 1;
      while (index + span < rows.length && toMinutes(rows[index + span]!) < block.end) span += 1;
      blockEnd = at + span * grid;
      cells.push({ kind: "visits", visits: block.members.map((v) => v.visit), rows: span });
      return;
    }
    const closed = closedLabel(open, at, input.clinicOpen);
    if (closed) cells.push({ kind: "closed", label: closed });
    else if (visits.some(({ span }) => overlaps(span, at, at + grid))) cells.push({ kind: "busy" });
    else if (!input.freeChairs) cells.push({ kind: "free", chairId: input.chairId ?? null });
    else {
      const free = input.freeChairs[index] ?? [];
      cells.push(free.length === 0 ? { kind: "no-chair" } : { kind: "free", chairId: free[0]! });
    }
  });
  return cells;
}

/**
 * The visits of one block starting in the row at `at`: those starting in that row, and any
 * that starts before the block's visits end, until none does; and where the block ends.
 */
function blockFrom<T extends { span: Pick<Span, "start" | "end"> }>(
  visits: T[],
  at: number,
  grid: number,
) {
  let end = at + grid;
  let members: T[] = [];
  for (;;) {
    const next = visits.filter(({ span }) => span.start >= at && span.start < end);
    end = Math.max(end, ...next.map(({ span }) => span.end));
    if (next.length === members.length) return { members: next, end };
    members = next;
  }
}
