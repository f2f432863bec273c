/**
 * The day diary as its page's loader sends it: each card's fields by place rather than by
 * name, a block of visits as its rows and cards, and only the cards of the layout shown (the
 * grid's columns, or the list). Its loader data is encoded for every diary and a full day
 * has 160 cards: turbo-stream writes each key of each object, so as arrays the day's data
 * encodes in about half the time (docs/performance.md, the diary). The page unpacks the
 * cards before it draws them.
 */
import type { Diary, DiaryColumn } from "./diary.server";
import type { DiaryCell } from "./diary-layout";
import type { DiaryVisit } from "./diary-visits.server";

/** A card's fields in this order; what most cards lack comes last and is left off. */
type PackedVisit = [
  id: string,
  time: string,
  name: string,
  service: string,
  dentist: DiaryVisit["dentist"],
  chair: DiaryVisit["chair"],
  status: DiaryVisit["status"],
  offer: DiaryVisit["offer"],
  history?: DiaryVisit["history"] | null,
  needsOutcome?: true | null,
  undo?: DiaryVisit["undo"] | null,
  message?: string | null,
  alerts?: DiaryVisit["alerts"] | null,
];

/** A block of visits: the rows it spans, then its cards (not an object of three keys). */
type PackedBlock = [rows: number, ...cards: PackedVisit[]];

type PackedCell = Exclude<DiaryCell<DiaryVisit>, { kind: "visits" }> | PackedBlock;

type PackedColumn = Omit<DiaryColumn, "cells"> & { cells: PackedCell[] };

/** The day with its cards packed: the grid's (`columns`) or the list's (`visits`), not both. */
export type PackedDiary = Omit<Diary, "columns" | "visits"> & {
  columns: PackedColumn[];
  visits: PackedVisit[];
};

/** Where the first of the fields most cards lack sits. */
const OPTIONAL_FROM = 8;

export function packVisit(visit: DiaryVisit): PackedVisit {
  const packed: PackedVisit = [
    visit._id,
    visit.time,
    visit.name,
    visit.service,
    visit.dentist,
    visit.chair,
    visit.status,
    visit.offer,
    visit.history ?? null,
    visit.needsOutcome ?? null,
    visit.undo ?? null,
    visit.message ?? null,
    visit.alerts ?? null,
  ];
  while (packed.length > OPTIONAL_FROM && packed[packed.length - 1] == null) packed.pop();
  return packed;
}

export function unpackVisit(packed: PackedVisit): DiaryVisit {
  const [_id, time, name, service, dentist, chair, status, offer] = packed;
  const [history, needsOutcome, undo, message, alerts] = packed.slice(OPTIONAL_FROM) as [
    PackedVisit[8],
    PackedVisit[9],
    PackedVisit[10],
    PackedVisit[11],
    PackedVisit[12],
  ];
  const visit: DiaryVisit = { _id, time, name, service, dentist, chair, status, offer };
  if (history) visit.history = history;
  if (needsOutcome) visit.needsOutcome = needsOutcome;
  if (undo) visit.undo = undo;
  if (message) visit.message = message;
  if (alerts) visit.alerts = alerts;
  return visit;
}

export function unpackColumns(columns: PackedColumn[]): DiaryColumn[] {
  return columns.map((column) => ({
    ...column,
    cells: column.cells.map((cell) =>
      Array.isArray(cell)
        ? {
            kind: "visits",
            rows: cell[0],
            visits: (cell.slice(1) as PackedVisit[]).map(unpackVisit),
          }
        : cell,
    ),
  }));
}

/** The day for its page: the grid's cards, or with `list` the list's. */
export function packDiary(diary: Diary, list: boolean): PackedDiary {
  return {
    ...diary,
    columns: list
      ? []
      : diary.columns.map((column) => ({
          ...column,
          cells: column.cells.map((cell) =>
            cell.kind === "visits" ? [cell.rows, ...cell.visits.map(packVisit)] : cell,
          ),
        })),
    visits: list ? diary.visits.map(packVisit) : [],
  };
}
