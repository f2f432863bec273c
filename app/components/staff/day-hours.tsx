import type { ReactNode } from "react";
import { FieldLabel, type Need } from "~/components/field-label";
import { CLOSED_DAY } from "~/utils/clinic-format";
import { breakField, breakRowsOf, type DayFields, type DayRow } from "~/models/settings/plan-text";

// A working day's fields, the same on the clinic's opening hours, a dentist's weekly plan
// and an exception: a Closed box, a start and an end, and breaks as rows of two time
// pickers. One empty break row is always there to add one (without JavaScript too).

const inputClass =
  "block w-full rounded-md border border-slate-500 bg-white px-2 py-1.5 text-base text-slate-900 aria-invalid:border-red-700";

function TimeInput({
  name,
  label,
  need,
  value,
  invalid,
  errorId,
}: {
  name: string;
  label: ReactNode;
  /** A working day's start and end; a break may stay empty. */
  need: Need;
  value: string;
  invalid: boolean;
  errorId: string;
}) {
  return (
    <div>
      <FieldLabel htmlFor={name} need={need} className="text-sm font-medium text-slate-800">
        {label}
      </FieldLabel>
      <input
        id={name}
        name={name}
        type="time"
        defaultValue={value}
        className={inputClass}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
      />
    </div>
  );
}

export function DayHours({
  day,
  fields,
  row,
  words,
  invalidField,
  errorId,
  closedBox = true,
}: {
  /** The day's name, read out before each field ("Monday: Start"). */
  day: string;
  fields: DayFields;
  row: DayRow;
  /** The labels of the day's two ends: "Opens"/"Closes", "Start"/"End". */
  words: { start: string; end: string };
  /** The field a refusal is about, if any. */
  invalidField: string | null;
  errorId: string;
  /** The Closed box (an exception says Closed with a radio button of its own). */
  closedBox?: boolean;
}) {
  const on = <span className="sr-only">{day}: </span>;
  const time = (name: string, label: ReactNode, value: string, need: Need = "required") => (
    <TimeInput
      name={name}
      label={label}
      need={need}
      value={value}
      invalid={invalidField === name}
      errorId={errorId}
    />
  );
  return (
    <div className="flex flex-wrap items-start gap-x-4 gap-y-3" data-testid="day-hours">
      {closedBox ? (
        <label className="mt-7 inline-flex items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            id={fields.off}
            name={fields.off}
            value="on"
            defaultChecked={row.off}
            className="h-5 w-5"
            aria-invalid={invalidField === fields.off || undefined}
            aria-describedby={invalidField === fields.off ? errorId : undefined}
          />
          <span>
            {on}
            {CLOSED_DAY}
          </span>
        </label>
      ) : null}
      <div className="grid w-72 grid-cols-2 gap-2">
        {time(
          fields.start,
          <>
            {on}
            {words.start}
          </>,
          row.start,
        )}
        {time(
          fields.end,
          <>
            {on}
            {words.end}
          </>,
          row.end,
        )}
      </div>
      <ul className="flex flex-wrap gap-3" aria-label={`Breaks on ${day}`}>
        {breakRowsOf(row.breaks).map((gap, index) => {
          const number = index + 1;
          const name = (part: "start" | "end") => breakField(fields.breakPrefix, number, part);
          return (
            <li
              key={number}
              className="grid w-72 grid-cols-2 gap-2 rounded-md bg-slate-50 px-2 pb-2"
            >
              {time(
                name("start"),
                <>
                  {on}Break {number} from
                </>,
                gap.start,
                "optional",
              )}
              {time(
                name("end"),
                <>
                  <span className="sr-only">
                    {day}: Break {number}{" "}
                  </span>
                  until
                </>,
                gap.end,
                "optional",
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
