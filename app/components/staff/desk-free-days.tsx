import { Form, Link, useSubmit } from "@remix-run/react";
import type { ReactNode } from "react";
import { type ClinicClock, formatDuration } from "~/utils/clinic-format";
import { StackedField } from "~/components/field-label";
import { FreeTimeRadios } from "./free-time-radios";

const PATH = "/staff/bookings/new";
// On a phone each field takes the row and a select no more than it, however long its
// options (a dentist's full title); side by side from the small breakpoint.
const input = "w-full rounded-md border border-slate-400 px-2 py-1.5 sm:w-auto";
const field = "min-w-0 max-w-full";
const button =
  "inline-flex min-h-6 items-center rounded-md border border-slate-400 px-3 py-1.5 text-sm font-semibold text-slate-900 hover:bg-slate-100 disabled:opacity-60";
const chip =
  "inline-flex min-h-6 items-center rounded border border-brand-700 px-2 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50";
const chosenChip =
  "inline-flex min-h-6 items-center rounded border border-brand-700 bg-brand-700 px-2 py-1 text-sm font-semibold text-white";
/** Times shown per day before "All N times" (which opens the day with all of them). */
const TIMES_PER_DAY = 6;

type Service = { value: string; label: string; durationMinutes: number; dentistIds: string[] };
type Option = { value: string; label: string };
type Day = { date: string; label: string; times: string[]; labels: string[] };
type EmptyDay = { date: string; label: string; message: string; bookedUp: boolean };

export type DeskStrip = {
  service: { id: string; name: string };
  from: string;
  days: Day[];
  empty: EmptyDay[];
  next: string | null;
  first: { date: string; time: string; label: string } | null;
  chosen: (Day & { reason: string | null }) | null;
};

/** A patient booked from the waiting list: the booking closes their entry ("book now"). */
const WaitlistEntry = ({ id }: { id: string }) =>
  id ? <input type="hidden" name="waitlistEntry" value={id} /> : null;

/** The page with the caller, service and dentist kept, and `query` added. */
const hrefOf = (base: Record<string, string>, query: Record<string, string>, hash = "") =>
  `${PATH}?${new URLSearchParams({ ...base, ...query })}${hash}`;

/**
 * Service, dentist (those who perform the chosen service) and an optional first day: a GET
 * form, sent by its button without JavaScript and by each choice with it.
 */
export function DeskServiceForm({
  patientId,
  services,
  dentists,
  service,
  dentist,
  date,
  waitlistEntry,
}: {
  patientId: string;
  services: Service[];
  dentists: Option[];
  service: Service | null;
  dentist: string;
  date: string;
  /** The waiting-list entry a "book now" came from, kept through the choices. */
  waitlistEntry: string;
}) {
  const submit = useSubmit();
  const offered = service ? dentists.filter((d) => service.dentistIds.includes(d.value)) : dentists;
  return (
    <section aria-labelledby="when-heading" className="space-y-2">
      <h2 id="when-heading" className="text-lg font-semibold">
        2. Service, dentist and day
      </h2>
      <Form
        method="get"
        className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-end"
        onChange={(event) => {
          if ((event.target as HTMLElement).tagName === "SELECT") submit(event.currentTarget);
        }}
      >
        <input type="hidden" name="patient" value={patientId} />
        {waitlistEntry ? <input type="hidden" name="waitlist" value={waitlistEntry} /> : null}
        <StackedField htmlFor="booking-service" label="Service" need="required" className={field}>
          <select
            id="booking-service"
            name="service"
            required
            defaultValue={service?.value ?? ""}
            className={input}
          >
            <option value="" disabled>
              Choose a service
            </option>
            {services.map((entry) => (
              <option key={entry.value} value={entry.value}>
                {entry.label} ({formatDuration(entry.durationMinutes)})
              </option>
            ))}
          </select>
        </StackedField>
        <StackedField htmlFor="booking-dentist" label="Dentist" need="optional" className={field}>
          <select id="booking-dentist" name="dentist" defaultValue={dentist} className={input}>
            <option value="any">Any dentist</option>
            {offered.map((entry) => (
              <option key={entry.value} value={entry.value}>
                {entry.label}
              </option>
            ))}
          </select>
        </StackedField>
        <StackedField htmlFor="booking-date" label="Date" need="optional" className={field}>
          <input
            id="booking-date"
            type="date"
            name="date"
            defaultValue={date}
            aria-describedby="desk-date-hint"
            className={input}
          />
        </StackedField>
        <button type="submit" className={button}>
          Show free times
        </button>
      </Form>
      <p id="desk-date-hint" className="text-sm text-slate-700">
        The free times from the date on; from today without one.
      </p>
    </section>
  );
}

type Row = { date: string; node: ReactNode };

/** The days in order: each with its times, or why it has none; booked-up runs said once. */
function dayRows(strip: DeskStrip, base: Record<string, string>, chosenTime: string): Row[] {
  const rows: (Row & { bookedUp?: EmptyDay[] })[] = [];
  const events = [
    ...strip.days.map((day) => ({ date: day.date, day })),
    ...strip.empty.map((empty) => ({ date: empty.date, empty })),
  ].sort((a, b) => (a.date < b.date ? -1 : 1));
  for (const event of events) {
    if ("empty" in event && event.empty) {
      const last = rows.at(-1);
      if (event.empty.bookedUp && last?.bookedUp) {
        last.bookedUp.push(event.empty);
        continue;
      }
      rows.push({
        date: event.date,
        bookedUp: event.empty.bookedUp ? [event.empty] : undefined,
        node: (
          <>
            <span className="font-semibold">{event.empty.label}</span>: {event.empty.message}
          </>
        ),
      });
      continue;
    }
    const day = "day" in event ? event.day! : null;
    if (!day) continue;
    const pick = (time: string) =>
      hrefOf(base, { from: strip.from, day: day.date, start: time }, "#book");
    const isChosen = (time: string) => strip.chosen?.date === day.date && chosenTime === time;
    rows.push({
      date: day.date,
      node: (
        <>
          <span className="font-semibold">{day.label}</span>
          <ul className="mt-1 flex flex-wrap gap-2" aria-label={`Free times on ${day.label}`}>
            {day.times.slice(0, TIMES_PER_DAY).map((time, index) => (
              <li key={time}>
                <Link
                  to={pick(time)}
                  className={isChosen(time) ? chosenChip : chip}
                  aria-current={isChosen(time) ? "true" : undefined}
                  aria-label={`${day.label} at ${day.labels[index]}`}
                >
                  {day.labels[index]}
                </Link>
              </li>
            ))}
            {day.times.length > TIMES_PER_DAY ? (
              <li>
                <Link
                  to={hrefOf(base, { from: strip.from, day: day.date }, "#book")}
                  className={chip}
                  aria-label={`All ${day.times.length} free times on ${day.label}`}
                >
                  All {day.times.length}
                </Link>
              </li>
            ) : null}
          </ul>
        </>
      ),
    });
  }
  return rows.map((row) =>
    row.bookedUp && row.bookedUp.length > 1
      ? {
          date: row.date,
          node: (
            <>
              <span className="font-semibold">
                {row.bookedUp[0]!.label} to {row.bookedUp.at(-1)!.label}
              </span>
              : nothing is free any more.
            </>
          ),
        }
      : row,
  );
}

/** The next free time, the days from the next open one with their times or reasons, paging. */
export function DeskFreeDays({
  strip,
  base,
  chosenTime,
  today,
}: {
  strip: DeskStrip;
  /** The caller, service and dentist, kept by every link. */
  base: Record<string, string>;
  chosenTime: string;
  today: string;
}) {
  const rows = dayRows(strip, base, chosenTime);
  return (
    <section aria-labelledby="free-heading" className="space-y-3" data-testid="desk-free-days">
      <h2 id="free-heading" className="text-lg font-semibold">
        3. Next free times for {strip.service.name}
      </h2>
      {strip.first ? (
        <p data-testid="next-free">
          Next free:{" "}
          <Link
            to={hrefOf(
              base,
              { from: strip.from, day: strip.first.date, start: strip.first.time },
              "#book",
            )}
            className="font-semibold text-brand-700 underline"
          >
            {strip.first.label}
          </Link>
        </p>
      ) : (
        <p>Nothing is free in these days.</p>
      )}
      <ul className="space-y-2" aria-label="Days and their free times">
        {rows.map((row) => (
          <li key={row.date} className="text-sm text-slate-800">
            {row.node}
          </li>
        ))}
      </ul>
      <p className="flex flex-wrap justify-between gap-3 text-sm">
        {strip.from > today ? (
          <Link
            to={hrefOf(base, { from: today })}
            className="font-semibold text-brand-700 underline"
          >
            First dates
          </Link>
        ) : (
          <span />
        )}
        {strip.next ? (
          <Link
            to={hrefOf(base, { from: strip.next })}
            className="font-semibold text-brand-700 underline"
          >
            Later dates
          </Link>
        ) : null}
      </p>
    </section>
  );
}

/** The chosen day's free times as radios (the chosen one checked), a note, and Book. */
export function DeskBookForm({
  strip,
  patientId,
  dentist,
  chosenTime,
  note,
  clock,
  waitlistEntry,
  busy,
}: {
  strip: DeskStrip;
  patientId: string;
  dentist: string;
  chosenTime: string;
  note: string | undefined;
  clock: ClinicClock;
  waitlistEntry: string;
  busy: boolean;
}) {
  const day = strip.chosen;
  return (
    <section id="book" aria-labelledby="book-heading" className="space-y-2">
      <h2 id="book-heading" className="text-lg font-semibold">
        4. Book {day ? `on ${day.label}` : "a time"}
      </h2>
      {!day ? (
        <p className="text-slate-700">Choose a day with a free time above.</p>
      ) : day.times.length === 0 ? (
        <p className="text-slate-700">{day.reason}</p>
      ) : (
        <Form method="post" className="space-y-2">
          <input type="hidden" name="patientId" value={patientId} />
          <input type="hidden" name="service" value={strip.service.id} />
          <input type="hidden" name="dentist" value={dentist} />
          <input type="hidden" name="date" value={day.date} />
          <WaitlistEntry id={waitlistEntry} />
          {/* A new choice of day or time by a link (a client navigation) checks its radio
              afresh; the note typed so far stays. */}
          <FreeTimeRadios
            key={`${day.date}|${chosenTime}`}
            legend="Free times"
            times={day.times}
            clock={clock}
            chosen={chosenTime}
          />
          <StackedField
            htmlFor="booking-note"
            label="Note for the visit (staff only)"
            need="optional"
            className={field}
          >
            <input
              id="booking-note"
              name="note"
              maxLength={1000}
              defaultValue={note}
              className="w-96 max-w-full rounded-md border border-slate-400 px-2 py-1.5"
            />
          </StackedField>
          <button type="submit" name="intent" value="book" className="btn-primary" disabled={busy}>
            Book
          </button>
        </Form>
      )}
    </section>
  );
}
