/**
 * Freed times in the diary (issue 31 item 11): where a visit still to come was cancelled
 * and its start is free again in its dentist's column, the cell says how many on the
 * waiting list the time suits, and leads to them on /staff/waitlist (offer, book now).
 */
import { hasPermission } from "~/models/permissions";
import { staffActor } from "~/models/roles";
import { waitingCountKey, waitingCounts } from "../waitlist/desk.server";
import type { DiaryColumn } from "./diary.server";
import { toMinutes } from "./diary-layout";
import type { DiaryRow } from "./diary-visits.server";

export async function markFreedTimes(input: {
  viewer: { id: string; role: string };
  date: string;
  rows: Pick<DiaryRow, "status" | "time" | "startsAt" | "dentist">[];
  gridRows: string[];
  gridMinutes: number;
  columns: DiaryColumn[];
  now: Date;
}): Promise<void> {
  const { viewer, columns, gridRows, gridMinutes, now } = input;
  if (!hasPermission(viewer, "waitlist.manage")) return;
  const freed = input.rows.flatMap((row) => {
    if (row.status !== "cancelled" || row.startsAt <= now) return [];
    const column = columns.find((entry) => entry.id === row.dentist.id);
    const start = toMinutes(row.time);
    const index = gridRows.findIndex(
      (at) => toMinutes(at) <= start && start < toMinutes(at) + gridMinutes,
    );
    const cell = column?.cells[index];
    return cell?.kind === "free" ? [{ time: row.time, dentistId: row.dentist.id, cell }] : [];
  });
  if (freed.length === 0) return;
  const counts = await waitingCounts(staffActor(viewer), input.date, freed, now);
  for (const { time, dentistId, cell } of freed) {
    cell.freed = { time, waiting: counts.get(waitingCountKey({ time, dentistId })) ?? 0 };
  }
}
