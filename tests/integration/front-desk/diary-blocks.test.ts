// The diary's grid as the desk reads it (issue 31 item 14): a visit is one block over the
// rows of its length, not a card and then "In a visit" rows; a dentist's day off reads
// "Not working", while "Closed" is for the clinic. Against a real SQLite file.
import { beforeAll, describe, expect, it } from "vitest";
import { diaryDay } from "~/models/front-desk/diary.server";
import { diaryWeek } from "~/models/front-desk/diary-week.server";
import { prisma } from "~/infra/db.server";
import { TUESDAY, upcoming } from "../../support/clinic-dates";
import {
  createService,
  createUser,
  FIRST_DENTIST,
  storeAppointment,
} from "../../support/factories";

let reception: { id: string; role: string };
let offOnTuesdays: { id: string };

beforeAll(async () => {
  reception = { id: (await createUser({ role: "reception" })).id, role: "reception" };
  const first = await prisma.dentist.findUniqueOrThrow({ where: { id: FIRST_DENTIST } });
  offOnTuesdays = await prisma.dentist.create({
    data: {
      slug: `dr-tuesday-off-${Date.now()}`,
      name: "Dr. Tuesday Off",
      title: "DDS",
      sortOrder: 50,
      weeklyPlan: JSON.stringify({ ...JSON.parse(first.weeklyPlan), tuesday: null }),
    },
  });
});

describe("the diary's grid", () => {
  it("draws a 90-minute visit as one block over its rows, and the rows it covers not again", async () => {
    const date = upcoming(TUESDAY, 2);
    const service = await createService({ durationMinutes: 90 });
    const visit = await storeAppointment({
      userId: (await createUser()).id,
      serviceId: service.id,
      date,
      time: "10:00",
      minutes: 90,
    });
    const diary = await diaryDay({ date, view: "dentist", viewer: reception });
    const column = diary.columns.find((entry) => entry.id === FIRST_DENTIST)!;
    const at = diary.rows.indexOf("10:00");
    const steps = 90 / diary.gridMinutes;
    expect(column.cells[at]).toMatchObject({ kind: "visits", rows: steps });
    expect(column.cells[at]!.kind === "visits" && column.cells[at]!.visits[0]!._id).toBe(visit.id);
    expect(column.cells.slice(at + 1, at + steps).map((cell) => cell.kind)).toEqual(
      Array(steps - 1).fill("covered"),
    );
    expect(column.cells.some((cell) => cell.kind === "busy")).toBe(false);
    expect(column.cells[at + steps]!.kind).not.toBe("covered");
  });

  it("says 'Not working' on a dentist's day off while the clinic is open; 'Closed' outside its hours", async () => {
    const date = upcoming(TUESDAY, 3);
    const diary = await diaryDay({ date, view: "dentist", viewer: reception });
    const off = diary.columns.find((entry) => entry.id === offOnTuesdays.id)!;
    const labels = new Set(
      off.cells.flatMap((cell) => (cell.kind === "closed" ? [cell.label] : [])),
    );
    expect(labels).toEqual(new Set(["Not working"]));
    expect(off.cells.every((cell) => cell.kind === "closed")).toBe(true);
    // The week of that dentist says the same of the Tuesday.
    const week = await diaryWeek({ date, dentist: offOnTuesdays.id, viewer: reception });
    const tuesday = week!.columns.find((entry) => entry.id === date)!;
    expect(
      tuesday.cells
        .filter((cell) => cell.kind === "closed")
        .map((cell) => cell.kind === "closed" && cell.label),
    ).toContain("Not working");
    expect(tuesday.cells.some((cell) => cell.kind === "closed" && cell.label === "Closed")).toBe(
      false,
    );
  });
});
