// The day diary's loader data packs each card's fields by place (app/models/front-desk/diary-packed.ts):
// every field of a card, the ones most cards lack too, comes back as it went.
import { describe, expect, it } from "vitest";
import type { Diary } from "~/models/front-desk/diary.server";
import type { DiaryVisit } from "~/models/front-desk/diary-visits.server";
import { packDiary, packVisit, unpackColumns, unpackVisit } from "~/models/front-desk/diary-packed";

const offer = { actions: ["confirmed" as const], cancel: true, move: true };
const dentist = { _id: "dentist-1", name: "Dr. Anita Patel" };
const chair = { _id: "chair-1", name: "Chair 1" };

const plain: DiaryVisit = {
  _id: "visit-1",
  time: "09:00",
  name: "Ada Lovelace",
  service: "Check-up",
  dentist,
  chair,
  status: "booked",
  offer,
};

const everything: DiaryVisit = {
  ...plain,
  _id: "visit-2",
  status: "checked_in",
  history: "review",
  needsOutcome: true,
  undo: "checked_in",
  message: "Running late",
  alerts: { allergies: "Penicillin", conditions: "" },
};

describe("a packed card", () => {
  it("comes back with every field, and without those it lacked", () => {
    expect(unpackVisit(packVisit(plain))).toEqual(plain);
    expect(unpackVisit(packVisit(everything))).toEqual(everything);
    expect(unpackVisit(packVisit({ ...plain, undo: "confirmed" }))).toEqual({
      ...plain,
      undo: "confirmed",
    });
  });

  it("leaves off the fields most cards lack, and keeps the shared objects shared", () => {
    const packed = packVisit(plain);
    expect(packed).toHaveLength(8);
    expect(packed[4]).toBe(dentist);
    expect(packed[7]).toBe(offer);
    expect(packVisit({ ...plain, history: "due" })).toHaveLength(9);
  });
});

describe("a packed day", () => {
  const diary = {
    columns: [
      {
        id: "dentist-1",
        name: dentist.name,
        open: [{ start: 540, end: 1020 }],
        cells: [
          { kind: "visits", visits: [plain, everything], rows: 2 },
          { kind: "covered" },
          { kind: "free", chairId: "chair-1" },
        ],
      },
    ],
    visits: [plain, everything],
  } as unknown as Diary;

  it("carries the grid's cards, or the list's, not both", () => {
    const grid = packDiary(diary, false);
    expect(grid.visits).toEqual([]);
    // A block of visits goes as its rows, then its cards.
    expect(grid.columns[0]!.cells[0]).toEqual([2, packVisit(plain), packVisit(everything)]);
    expect(unpackColumns(grid.columns)).toEqual(diary.columns);
    const list = packDiary(diary, true);
    expect(list.columns).toEqual([]);
    expect(list.visits.map(unpackVisit)).toEqual(diary.visits);
  });
});
