// The diary's grid rules, apart from the database: rows, cells, chairs all taken, and what a
// card offers (docs/decisions/039-diary-undo-and-outcomes.md).
import { describe, expect, it } from "vitest";
import {
  closedLabel,
  freeChairsByRow,
  gridRows,
  layoutColumn,
} from "~/models/front-desk/diary-layout";
import { needsOutcome, visitOffer } from "~/models/front-desk/visit-actions";
import { canUndo } from "~/models/booking/undo.server";
import type { AppointmentStatus } from "~/models/booking/appointment-status";

const DAY = [
  { start: 9 * 60, end: 12 * 60 },
  { start: 13 * 60, end: 17 * 60 },
];

describe("the grid", () => {
  it("spans the clinic's day, and a visit booked outside it", () => {
    expect(gridRows(DAY, [], 30)).toHaveLength(16);
    expect(gridRows(DAY, [{ start: 8 * 60 + 15, end: 8 * 60 + 45 }], 30)[0]).toBe("08:00");
    expect(gridRows([], [], 30)).toEqual([]);
  });

  it("names the time outside a column's hours: Break between two periods, Closed else", () => {
    expect(closedLabel(DAY, 12 * 60 + 30)).toBe("Break");
    expect(closedLabel(DAY, 8 * 60)).toBe("Closed");
    expect(closedLabel(DAY, 10 * 60)).toBeNull();
    expect(closedLabel([], 10 * 60)).toBe("Closed");
  });

  it("says a dentist is not working where the clinic is open, and Closed where it is not", () => {
    // A day off while the clinic works: not working all day, the clinic's lunch included.
    expect(closedLabel([], 10 * 60, DAY)).toBe("Not working");
    expect(closedLabel([], 12 * 60 + 30, DAY)).toBe("Not working");
    expect(closedLabel([], 8 * 60, DAY)).toBe("Closed");
    // A later start and an earlier end than the clinic's.
    const afternoon = [{ start: 13 * 60, end: 16 * 60 }];
    expect(closedLabel(afternoon, 10 * 60, DAY)).toBe("Not working");
    expect(closedLabel(afternoon, 16 * 60 + 30, DAY)).toBe("Not working");
    expect(closedLabel(afternoon, 14 * 60, DAY)).toBeNull();
    expect(closedLabel(DAY, 12 * 60 + 30, DAY)).toBe("Break");
    // The clinic closed (a closure, its day off): Closed.
    expect(closedLabel([], 10 * 60, [])).toBe("Closed");
  });

  it("draws a visit as one block over the rows of its length, with any visit starting inside it", () => {
    const rows = ["09:00", "09:30", "10:00", "10:30", "11:00", "11:30"];
    const cells = layoutColumn({
      rows,
      grid: 30,
      open: DAY,
      visits: [
        { visit: "hour", span: { start: 9 * 60, end: 10 * 60 } },
        // Booked anyway at 10:30 while the 10:00 visit runs to 11:00: one block to 11:30.
        { visit: "ten", span: { start: 10 * 60, end: 11 * 60 } },
        { visit: "squeezed", span: { start: 10 * 60 + 30, end: 11 * 60 + 30 } },
        { visit: "short", span: { start: 11 * 60 + 30, end: 11 * 60 + 45 } },
      ],
    });
    expect(cells).toEqual([
      { kind: "visits", visits: ["hour"], rows: 2 },
      { kind: "covered" },
      { kind: "visits", visits: ["ten", "squeezed"], rows: 3 },
      { kind: "covered" },
      { kind: "covered" },
      { kind: "visits", visits: ["short"], rows: 1 },
    ]);
    // A block never runs past the grid's last row.
    expect(
      layoutColumn({
        rows: ["16:00", "16:30"],
        grid: 30,
        open: DAY,
        visits: [{ visit: "late", span: { start: 16 * 60 + 30, end: 18 * 60 } }],
      }),
    ).toEqual([
      { kind: "free", chairId: null },
      { kind: "visits", visits: ["late"], rows: 1 },
    ]);
  });

  it("lays out visits where they start, over the rows they run, and no chair when all are taken", () => {
    const rows = ["09:00", "09:30", "10:00", "10:30", "12:30"];
    const visit = { visit: "A", span: { start: 9 * 60, end: 10 * 60 } };
    const freeChairs = freeChairsByRow(
      rows,
      30,
      ["c1"],
      [
        { start: 9 * 60, end: 10 * 60, chairId: "c1" },
        { start: 10 * 60 + 30, end: 11 * 60, chairId: "c1" },
      ],
    );
    expect(freeChairs).toEqual([[], [], ["c1"], [], ["c1"]]);
    expect(layoutColumn({ rows, grid: 30, open: DAY, visits: [visit], freeChairs })).toEqual([
      { kind: "visits", visits: ["A"], rows: 2 },
      { kind: "covered" },
      { kind: "free", chairId: "c1" },
      { kind: "no-chair" },
      { kind: "closed", label: "Break" },
    ]);
    // A chair's column books in its own chair; a week's columns in any.
    expect(layoutColumn({ rows, grid: 30, open: DAY, visits: [], chairId: "c2" })[2]).toEqual({
      kind: "free",
      chairId: "c2",
    });
    expect(layoutColumn({ rows, grid: 30, open: DAY, visits: [] })[2]).toEqual({
      kind: "free",
      chairId: null,
    });
  });
});

describe("what a card offers", () => {
  // Monday 2030-01-07, 10:00 to 10:30 at the clinic (New York).
  const start = new Date("2030-01-07T15:00:00Z");
  const end = new Date(start.getTime() + 30 * 60_000);
  const visit = (status: AppointmentStatus, dentistUserId: string | null = null) => ({
    status,
    date: "2030-01-07",
    startsAt: start,
    endsAt: end,
    dentistUserId,
  });
  const at = (now: Date, today = "2030-01-07") => ({ now, today });
  const dayBefore = at(new Date(start.getTime() - 86_400_000), "2030-01-06");
  const before = at(new Date(start.getTime() - 60_000));
  const after = at(new Date(start.getTime() + 60_000));
  const ended = at(new Date(end.getTime() + 60_000));
  const reception = { id: "r", role: "reception" };
  const dentist = { id: "d", role: "dentist" };

  it("offers the table's next moves: check-in from the visit's day, completing and no-show once started, cancel and move to the desk", () => {
    expect(visitOffer(reception, visit("booked"), dayBefore)).toEqual({
      actions: ["confirmed"],
      cancel: true,
      move: true,
    });
    expect(visitOffer(reception, visit("booked"), before)).toEqual({
      actions: ["confirmed", "checked_in"],
      cancel: true,
      move: true,
    });
    // Completing a visit nobody checked in is one press (the check-in recorded with it).
    expect(visitOffer(reception, visit("booked"), after)).toEqual({
      actions: ["confirmed", "checked_in", "completed", "no_show"],
      cancel: true,
      move: true,
    });
    expect(visitOffer(reception, visit("completed"), after)).toEqual({
      actions: [],
      cancel: false,
      move: false,
    });
  });

  it("lets the desk take a check-in back to booked until the visit ends", () => {
    expect(visitOffer(reception, visit("checked_in"), after)).toEqual({
      actions: ["completed", "booked"],
      cancel: false,
      move: false,
    });
    expect(visitOffer(reception, visit("checked_in"), ended).actions).toEqual(["completed"]);
    expect(visitOffer(dentist, visit("checked_in", "d"), after).actions).toEqual(["completed"]);
  });

  it("offers a dentist status moves on their own visits only, never cancel or move", () => {
    expect(visitOffer(dentist, visit("booked", "d"), after)).toEqual({
      actions: ["confirmed", "checked_in", "completed", "no_show"],
      cancel: false,
      move: false,
    });
    expect(visitOffer(dentist, visit("booked", "x"), after)).toEqual({
      actions: [],
      cancel: false,
      move: false,
    });
  });

  it("needs an outcome once a visit's time is over and it is still open", () => {
    const endsAt = new Date(start.getTime() + 30 * 60_000);
    const later = new Date(endsAt.getTime() + 1);
    expect(needsOutcome({ status: "booked", endsAt }, later)).toBe(true);
    expect(needsOutcome({ status: "checked_in", endsAt }, later)).toBe(true);
    expect(needsOutcome({ status: "booked", endsAt }, start)).toBe(false);
    expect(needsOutcome({ status: "no_show", endsAt }, later)).toBe(false);
    expect(needsOutcome({ status: "completed", endsAt }, later)).toBe(false);
  });

  it("lets a change be undone by whoever made it, within minutes, and never an undo", () => {
    const row = {
      id: "1",
      appointmentId: "a",
      from: "booked",
      to: "checked_in",
      at: start,
      byUserId: "r",
    };
    expect(canUndo(row, "r", after.now)).toBe(true);
    expect(canUndo(row, "x", after.now)).toBe(false);
    expect(canUndo(row, "r", new Date(start.getTime() + 6 * 60_000))).toBe(false);
    expect(canUndo({ ...row, from: "checked_in", to: "booked" }, "r", after.now)).toBe(false);
    expect(canUndo({ ...row, to: "cancelled" }, "r", after.now)).toBe(false);
    expect(canUndo({ ...row, from: null, to: "booked" }, "r", after.now)).toBe(false);
  });
});
