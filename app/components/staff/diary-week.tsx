import { Form } from "@remix-run/react";
import type { DiaryWeek } from "~/models/front-desk/diary-week.server";
import { formatDate } from "~/utils/clinic-format";
import { DiaryEnhance } from "./diary-enhance";
import { DiaryGrid } from "./diary-grid";
import { diaryHref, DiaryToolbar, toolLink } from "./diary-toolbar";

/** One dentist's week: a column per day, the same cards and free times as the day's grid. */
export function DiaryWeekView({ week }: { week: DiaryWeek }) {
  const place = { date: week.date, view: "week", dentist: week.dentist.id } as const;
  const closures = week.columns.filter((column) => column.closure);
  return (
    <>
      <DiaryToolbar place={place} today={week.today} step={7} book={week.book}>
        <a className={toolLink} href={diaryHref({ date: week.date, view: "dentist" })}>
          Day view
        </a>
      </DiaryToolbar>
      <Form method="get" action="/staff" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="view" value="week" />
        <input type="hidden" name="date" value={week.date} />
        <label className="flex flex-col text-sm font-medium text-slate-800">
          Dentist
          <select
            name="dentist"
            defaultValue={week.dentist.id}
            className="rounded-md border border-slate-400 px-2 py-1.5"
          >
            {week.dentists.map((dentist) => (
              <option key={dentist.id} value={dentist.id}>
                {dentist.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={toolLink}>
          Show week
        </button>
      </Form>
      {closures.map((column) => (
        <p
          key={column.id}
          className="rounded-md border border-amber-600 bg-amber-50 p-3 text-amber-900"
        >
          The clinic is closed on {formatDate(column.id, week.clock)} ({column.closure}).
        </p>
      ))}
      <section id="visits" tabIndex={-1} aria-labelledby="visits-heading" className="space-y-2">
        <h2 id="visits-heading" className="text-lg font-semibold text-slate-900">
          Visits of {week.dentist.name} ({week.count})
        </h2>
        <DiaryEnhance>
          <DiaryGrid
            columns={week.columns}
            kind="day"
            rows={week.rows}
            gridMinutes={week.gridMinutes}
            clock={week.clock}
            date={week.date}
            dentistId={week.dentist.id}
            now={null}
            caption={`Visits of ${week.dentist.name} in the week from ${formatDate(week.monday, week.clock)}, one column per day`}
            columnLabel={(column) =>
              formatDate(column.id, week.clock).split(",").slice(0, 2).join(",")
            }
            book={week.book}
          />
        </DiaryEnhance>
      </section>
    </>
  );
}
