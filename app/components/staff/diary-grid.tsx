import { useNavigation, useSubmit } from "@remix-run/react";
import { type DragEvent, type KeyboardEvent, useEffect, useState } from "react";
import type { DiaryColumn } from "~/models/front-desk/diary.server";
import { type DiaryCell, toMinutes } from "~/models/front-desk/diary-layout";
import type { DiaryVisit } from "~/models/front-desk/diary-visits.server";
import { type ClinicClock, formatTime } from "~/utils/clinic-format";
import { clinicNow } from "~/utils/clinic-time";
import { useHydrated } from "~/hooks/use-hydrated";
import { useDiaryFormAction } from "./diary-enhance";
import { DRAG_TYPE, visitCard } from "./visit-card";

/** Where a booking or a move into a free cell goes: the column's dentist or chair, or a day. */
export type ColumnKind = "dentist" | "chair" | "day";

export type GridProps = {
  columns: DiaryColumn[];
  kind: ColumnKind;
  rows: string[];
  gridMinutes: number;
  clock: ClinicClock;
  /** The day of a day's grid; a week's columns are days (their ids). */
  date: string;
  /** The dentist of a week's grid. */
  dentistId?: string;
  /** The clinic's time now on a day shown as today (the "now" line), else null. */
  now: string | null;
  caption: string;
  columnLabel: (column: DiaryColumn) => string;
  /** Free cells link to the booking form (staff who may book). */
  book: boolean;
};

/** The "now" line follows the clock once the page runs JavaScript. */
function useNow(initial: string | null, clock: ClinicClock) {
  const [now, setNow] = useState(initial);
  useEffect(() => {
    if (!initial) return;
    const tick = () => setNow(clinicNow(new Date(), clock.timeZone).time);
    const timer = setInterval(tick, 30_000);
    return () => clearInterval(timer);
  }, [initial, clock.timeZone]);
  return initial ? now : null;
}

function bookingLink(props: GridProps, column: DiaryColumn, row: string, chairId: string | null) {
  const params = new URLSearchParams({
    date: props.kind === "day" ? column.id : props.date,
    time: row,
  });
  if (props.kind === "dentist") params.set("dentist", column.id);
  if (props.kind === "day" && props.dentistId) params.set("dentist", props.dentistId);
  if (chairId) params.set("chair", chairId);
  return `/staff/bookings/new?${params}`;
}

/** Who on the waiting list a freed time suits, with "offer" and "book now" (/staff/waitlist). */
function waitingLink(props: GridProps, column: DiaryColumn, time: string) {
  return `/staff/waitlist?${new URLSearchParams({ date: props.date, time, dentist: column.id })}`;
}

export function DiaryGrid(props: GridProps) {
  const { columns, rows, gridMinutes, clock } = props;
  const hydrated = useHydrated();
  const submit = useSubmit();
  const action = useDiaryFormAction();
  const busy = useNavigation().state !== "idle";
  const now = useNow(props.now, clock);
  const nowMinutes = now ? toMinutes(now) : null;
  const [target, setTarget] = useState<string | null>(null);
  // With JavaScript, only the first free time is a Tab stop; the arrow keys go from cell to
  // cell, so Tab walks the visits instead of every empty time.
  let firstFree = true;

  const drop = (column: DiaryColumn, row: string) => (event: DragEvent) => {
    const id = event.dataTransfer.getData(DRAG_TYPE);
    setTarget(null);
    if (!id) return;
    event.preventDefault();
    const form: Record<string, string> = {
      intent: "move",
      id,
      date: props.kind === "day" ? column.id : props.date,
      time: row,
    };
    if (props.kind === "dentist") form.dentist = column.id;
    if (props.kind === "chair") form.chair = column.id;
    submit(form, { method: "post", action });
  };

  const isFirstFree = () => {
    const first = firstFree;
    firstFree = false;
    return first;
  };

  const cell = (
    column: DiaryColumn,
    columnIndex: number,
    row: string,
    content: DiaryCell<DiaryVisit>,
  ) => {
    // A block of visits is drawn once, over the rows it spans.
    if (content.kind === "covered") return null;
    const key = `${column.id}|${row}`;
    const rows = content.kind === "visits" ? content.rows : 1;
    const at = toMinutes(row);
    const nowAt =
      nowMinutes !== null && at <= nowMinutes && nowMinutes < at + rows * gridMinutes
        ? ((nowMinutes - at) / (rows * gridMinutes)) * 100
        : null;
    const dropHere =
      hydrated && content.kind === "free"
        ? {
            onDragOver: (event: DragEvent) => {
              if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
              event.preventDefault();
              setTarget(key);
            },
            onDragLeave: () => setTarget((current) => (current === key ? null : current)),
            onDrop: drop(column, row),
          }
        : {};
    return (
      <td
        key={column.id}
        rowSpan={rows > 1 ? rows : undefined}
        // Its look and tone come from data-cell (the stylesheet's td[data-cell]): no class.
        className={target === key ? "outline-2 -outline-offset-2 outline-brand-700" : undefined}
        data-cell={content.kind}
        data-col={columnIndex}
        tabIndex={hydrated && content.kind !== "free" && content.kind !== "visits" ? -1 : undefined}
        {...dropHere}
      >
        {nowAt !== null ? <NowLine offset={nowAt} /> : null}
        {content.kind === "visits" ? (
          content.visits.map((visit) =>
            visitCard(visit, clock, props.kind === "chair" ? "dentist" : "chair", hydrated, busy),
          )
        ) : content.kind === "closed" ? (
          <span className="text-xs text-slate-700">{content.label}</span>
        ) : content.kind === "busy" ? (
          <span className="text-xs text-slate-700">In a visit</span>
        ) : content.kind === "no-chair" ? (
          <span className="text-xs font-medium text-amber-900">No chair free</span>
        ) : props.book ? (
          <>
            <a
              href={bookingLink(props, column, row, content.chairId)}
              tabIndex={hydrated && !isFirstFree() ? -1 : undefined}
              className="group diary-free"
              aria-label={`Book at ${formatTime(row, clock)}, ${props.columnLabel(column)}`}
              data-testid="free-time"
            >
              <span
                aria-hidden="true"
                className="opacity-0 group-hover:opacity-100 group-focus:opacity-100"
              >
                + Book
              </span>
            </a>
            {content.freed && content.freed.waiting > 0 ? (
              <a
                href={waitingLink(props, column, content.freed.time)}
                className="diary-free font-semibold text-amber-900 underline"
                data-testid="freed-time"
              >
                Freed: {content.freed.waiting} waiting
                <span className="sr-only">
                  {" "}
                  for {formatTime(content.freed.time, clock)}, {props.columnLabel(column)}
                </span>
              </a>
            ) : null}
          </>
        ) : null}
      </td>
    );
  };

  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the arrow keys move focus between the cells' own links and buttons */}
      <table className="w-full table-fixed border-collapse text-sm" onKeyDown={moveByArrow}>
        <caption className="sr-only">{props.caption}</caption>
        <thead>
          <tr className="bg-slate-50">
            <th scope="col" className="w-24 p-2 text-left">
              Time
            </th>
            {columns.map((column) => (
              <th key={column.id} scope="col" className="min-w-36 p-2 text-left">
                {props.columnLabel(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => {
            const at = toMinutes(row);
            const nowHere =
              nowMinutes !== null && at <= nowMinutes && nowMinutes < at + gridMinutes;
            const offset = nowHere ? ((nowMinutes! - at) / gridMinutes) * 100 : 0;
            return (
              <tr key={row} className="border-t border-slate-200 align-top">
                <th scope="row" className="relative p-2 text-left font-medium whitespace-nowrap">
                  {formatTime(row, clock)}
                  {nowHere ? (
                    <span
                      className="mt-1 block w-fit rounded bg-red-700 px-1 text-xs font-semibold text-white"
                      data-testid="now-line"
                    >
                      Now {formatTime(now!, clock)}
                    </span>
                  ) : null}
                  {nowHere ? <NowLine offset={offset} /> : null}
                </th>
                {columns.map((column, columnIndex) =>
                  cell(column, columnIndex, row, column.cells[index]!),
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

const ARROWS: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

/**
 * From a cell (or a link or button in it), the arrow keys focus the next cell's first
 * control: by column and row, a block of visits counting as every row it spans.
 */
function moveByArrow(event: KeyboardEvent<HTMLTableElement>) {
  const step = ARROWS[event.key];
  if (!step || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const from = (event.target as HTMLElement).closest("td");
  const row = from?.parentElement;
  if (!from?.dataset.col || !(row instanceof HTMLTableRowElement)) return;
  const targetRow =
    step[0] > 0 ? row.rowIndex + from.rowSpan : step[0] < 0 ? row.rowIndex - 1 : row.rowIndex;
  const to = cellAt(event.currentTarget, targetRow, Number(from.dataset.col) + step[1]);
  // The header row and the times' column take no focus: no cell is found there.
  if (!to) return;
  event.preventDefault();
  (to.querySelector<HTMLElement>("a, button") ?? to).focus();
}

/** The cell of a column that covers a row (its own, or a block starting above it). */
function cellAt(table: HTMLTableElement, rowIndex: number, column: number) {
  for (const cell of table.querySelectorAll<HTMLTableCellElement>(`td[data-col="${column}"]`)) {
    const start = (cell.parentElement as HTMLTableRowElement).rowIndex;
    if (start <= rowIndex && rowIndex < start + cell.rowSpan) return cell;
  }
  return null;
}

/** A red rule across the row at the current minute, drawn over the cells (not read out). */
function NowLine({ offset }: { offset: number }) {
  return (
    <span
      aria-hidden="true"
      className="pointer-events-none absolute inset-x-0 z-10 h-0.5 bg-red-700"
      style={{ top: `${offset}%` }}
    />
  );
}
