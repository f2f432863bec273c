import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { addDays } from "~/utils/clinic-time";
import { SEARCH_FIELD_ID, ShortcutList, useDiaryShortcuts } from "./diary-shortcuts";

/** Where the diary is: its address is the whole state, so every view is a link. */
export type DiaryPlace = {
  date: string;
  view: "dentist" | "chair" | "week";
  scope?: "mine" | "clinic";
  list?: boolean;
  dentist?: string;
};

export function diaryHref(place: DiaryPlace): string {
  const params = new URLSearchParams({ date: place.date });
  if (place.view !== "dentist") params.set("view", place.view);
  if (place.scope === "clinic") params.set("scope", "clinic");
  if (place.list) params.set("layout", "list");
  if (place.view === "week" && place.dentist) params.set("dentist", place.dentist);
  return `/staff?${params}`;
}

export const toolLink =
  "inline-flex min-h-6 items-center rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100";

/**
 * Day to day (or week to week), the date, the patient search and a new booking, each also
 * on a key; `children` are the view's own switches.
 */
export function DiaryToolbar({
  place,
  today,
  step,
  book,
  children,
}: {
  place: DiaryPlace;
  today: string;
  /** Days one step moves: 1 for a day, 7 for a week. */
  step: 1 | 7;
  book: boolean;
  children?: ReactNode;
}) {
  const unit = step === 7 ? "week" : "day";
  const previous = diaryHref({ ...place, date: addDays(place.date, -step) });
  const next = diaryHref({ ...place, date: addDays(place.date, step) });
  const todayHref = diaryHref({ ...place, date: today });
  const shortcuts = useDiaryShortcuts({
    previous,
    next,
    today: todayHref,
    newBooking: book ? "/staff/bookings/new" : null,
  });
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-end gap-2">
        <a className={toolLink} href={previous}>
          <span aria-hidden="true">←</span> Previous {unit}
        </a>
        <a className={toolLink} href={todayHref}>
          Today
        </a>
        <a className={toolLink} href={next}>
          Next {unit} <span aria-hidden="true">→</span>
        </a>
        <Form method="get" action="/staff" className="flex items-end gap-2">
          <label className="flex flex-col text-sm font-medium text-slate-800">
            Date
            <input
              type="date"
              name="date"
              defaultValue={place.date}
              required
              className="rounded-md border border-slate-400 px-2 py-1.5"
            />
          </label>
          {place.view !== "dentist" ? <input type="hidden" name="view" value={place.view} /> : null}
          {place.scope === "clinic" ? <input type="hidden" name="scope" value="clinic" /> : null}
          {place.list ? <input type="hidden" name="layout" value="list" /> : null}
          {place.view === "week" && place.dentist ? (
            <input type="hidden" name="dentist" value={place.dentist} />
          ) : null}
          <button type="submit" className={toolLink}>
            Show {unit}
          </button>
        </Form>
        <Form method="get" action="/staff/patients" role="search" className="flex items-end gap-2">
          <label className="flex flex-col text-sm font-medium text-slate-800">
            Find a patient
            <input
              id={SEARCH_FIELD_ID}
              type="search"
              name="q"
              required
              minLength={2}
              maxLength={100}
              className="w-48 rounded-md border border-slate-400 px-2 py-1.5"
            />
          </label>
          <button type="submit" className={toolLink}>
            Search
          </button>
        </Form>
        {book ? (
          <a className={toolLink} href="/staff/bookings/new">
            New booking
          </a>
        ) : null}
      </div>
      {children ? <p className="flex flex-wrap gap-2 text-sm">{children}</p> : null}
      <ShortcutList shortcuts={shortcuts} />
    </div>
  );
}
