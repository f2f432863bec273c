/**
 * The diary's grid laid out once, on the server: which rows it spans, and for every column
 * and row what the cell holds (the visits starting in it, or why nothing can start there).
 * Pure, so its rules are unit-tested apart from the database.
 */
import { CLOSED_DAY } from "~/utils/clinic-format";
import type { Interval } from "~/models/booking/slot-engine";

export const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
export const toTime = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** A visit as the layout sees it: local minutes from its start to the end of its buffer. */
export type Span = { start: number; end: number; chairId: string };

export type DiaryCell<V> =
  | { kind: "visits"; visits: V[] }
  /** Outside the column's hours: "Closed", or "Break" between two working periods. */
  | { kind: "closed"; label: string }
  /** A visit of the column's still runs. */
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

/** Outside a column's hours, the one word for no work, or "Break" inside the day. */
export function closedLabel(open: Interval[], at: number): string | null {
  if (open.some((period) => period.start <= at && at < period.end)) return null;
  if (open.length === 0) return CLOSED_DAY;
  const first = Math.min(...open.map((p) => p.start));
  const last = Math.max(...open.map((p) => p.end));
  return at > first && at < last ? "Break" : CLOSED_DAY;
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
 */
export function layoutColumn<V>(input: {
  rows: string[];
  grid: number;
  open: Interval[];
  visits: { visit: V; span: Pick<Span, "start" | "end"> }[];
  freeChairs?: string[][];
  chairId?: string;
}): DiaryCell<V>[] {
  const { rows, grid, open, visits } = input;
  return rows.map((row, index) => {
    const at = toMinutes(row);
    const starting = visits.filter(({ span }) => span.start >= at && span.start < at + grid);
    if (starting.length > 0) return { kind: "visits", visits: starting.map((v) => v.visit) };
    const closed = closedLabel(open, at);
    if (closed) return { kind: "closed", label: closed };
    if (visits.some(({ span }) => overlaps(span, at, at + grid))) return { kind: "busy" };
    if (!input.freeChairs) return { kind: "free", chairId: input.chairId ?? null };
    const free = input.freeChairs[index] ?? [];
    return free.length === 0 ? { kind: "no-chair" } : { kind: "free", chairId: free[0]! };
  });
}
