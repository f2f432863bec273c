import { Form, Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { type ClinicClock, formatDateTime, formatDuration } from "~/utils/clinic-format";
import { useHydrated } from "~/hooks/use-hydrated";
import { StackedField } from "~/components/field-label";

/** A time picked in the diary: the day, the time, and the column's dentist or chair. */
export type PickedTime = {
  date: string;
  time: string;
  dentist: { id: string; name: string } | null;
  chair: { id: string; name: string } | null;
};

type Match = { id: string; name: string; email: string; phone: string };
type Service = { value: string; label: string; durationMinutes: number; dentistIds: string[] };

const input = "rounded-md border border-slate-400 px-2 py-1.5";
const label = "flex flex-col text-sm font-medium text-slate-800";
const button =
  "inline-flex min-h-6 items-center rounded-md border border-slate-400 px-3 py-1.5 text-sm font-semibold text-slate-900 hover:bg-slate-100 disabled:opacity-60";

export function pickedParams(at: PickedTime): Record<string, string> {
  return {
    date: at.date,
    time: at.time,
    ...(at.dentist ? { dentist: at.dentist.id } : {}),
    ...(at.chair ? { chair: at.chair.id } : {}),
  };
}

function Hidden({ values }: { values: Record<string, string> }) {
  return (
    <>
      {Object.entries(values).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/** The services the picked dentist performs (all of them for a chair's column). */
function ServiceField({
  services,
  at,
  chosen = "",
}: {
  services: Service[];
  at: PickedTime;
  chosen?: string;
}) {
  const offered = at.dentist
    ? services.filter((service) => service.dentistIds.includes(at.dentist!.id))
    : services;
  return (
    <StackedField htmlFor="picked-service" label="Service" need="required">
      <select id="picked-service" name="service" required defaultValue={chosen} className={input}>
        <option value="" disabled>
          Choose a service
        </option>
        {offered.map((entry) => (
          <option key={entry.value} value={entry.value}>
            {entry.label} ({formatDuration(entry.durationMinutes)})
          </option>
        ))}
      </select>
    </StackedField>
  );
}

export function PickedTimeLine({ at, clock }: { at: PickedTime; clock: ClinicClock }) {
  return (
    <p data-testid="picked-time">
      At <span className="font-semibold">{formatDateTime(at.date, at.time, clock)}</span>
      {at.dentist ? ` with ${at.dentist.name}` : ""}
      {at.chair ? ` in ${at.chair.name}` : ""}.{" "}
      <Link to="/staff/bookings/new" className="text-brand-700 underline">
        Choose another time
      </Link>
    </p>
  );
}

/**
 * Booking at a time picked in the diary: find the caller (as you type, with JavaScript; a
 * search form without), choose the service, and book with the caller's own button.
 */
export function BookAtTime({
  at,
  services,
  query,
  matches,
  busy,
}: {
  at: PickedTime;
  services: Service[];
  query: string;
  matches: Match[];
  busy: boolean;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ matches: Match[]; query: string }>();
  const [typed, setTyped] = useState(query);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const onType = (value: string) => {
    setTyped(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (value.trim().length >= 2) {
        fetcher.load(`/staff/bookings/new?${new URLSearchParams({ q: value.trim() })}`);
      }
    }, 200);
  };
  const live = hydrated && fetcher.data && typed.trim().length >= 2;
  const shown = live ? fetcher.data!.matches : matches;
  const shownQuery = live ? fetcher.data!.query : query;
  const params = pickedParams(at);
  return (
    <>
      <section aria-labelledby="find-heading" className="space-y-2">
        <h2 id="find-heading" className="text-lg font-semibold">
          1. Find the caller
        </h2>
        <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
          <Hidden values={params} />
          <label className={label}>
            Name, e-mail or phone
            <input
              type="search"
              name="q"
              value={typed}
              onChange={(event) => onType(event.target.value)}
              required
              minLength={2}
              maxLength={100}
              autoComplete="off"
              className={`${input} w-72`}
            />
          </label>
          <button type="submit" className={button}>
            Search
          </button>
        </Form>
      </section>
      <section aria-labelledby="book-heading" className="space-y-2">
        <h2 id="book-heading" className="text-lg font-semibold">
          2. Service, then the caller
        </h2>
        <Form method="post" className="space-y-2">
          <Hidden values={params} />
          <input type="hidden" name="intent" value="book" />
          <ServiceField services={services} at={at} />
          <div aria-live="polite">
            {shownQuery.length < 2 ? (
              <p className="text-sm text-slate-700">Find the caller above to book them here.</p>
            ) : shown.length === 0 ? (
              <p className="text-slate-700">
                No patient matches “{shownQuery}”. Create a record below.
              </p>
            ) : (
              <ul className="space-y-1" data-testid="caller-matches">
                {shown.map((match) => (
                  <li key={match.id}>
                    <button
                      type="submit"
                      name="patientId"
                      value={match.id}
                      className={button}
                      disabled={busy}
                    >
                      Book for {match.name}
                    </button>{" "}
                    <span className="text-sm text-slate-700">
                      ({match.email || "no e-mail"}, {match.phone || "no phone"})
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </Form>
      </section>
    </>
  );
}

/**
 * A caller already chosen (a record just made, a patient from the waiting list): the
 * service, and Book. A waiting patient's service is chosen, and the booking closes their entry.
 */
export function BookChosenAtTime({
  at,
  services,
  patientId,
  service = "",
  waitlistEntry = "",
  busy,
}: {
  at: PickedTime;
  services: Service[];
  patientId: string;
  service?: string;
  waitlistEntry?: string;
  busy: boolean;
}) {
  return (
    <Form method="post" className="flex flex-wrap items-end gap-2">
      <Hidden
        values={{ ...pickedParams(at), patientId, ...(waitlistEntry ? { waitlistEntry } : {}) }}
      />
      <ServiceField services={services} at={at} chosen={service} />
      <button type="submit" name="intent" value="book" className="btn-primary" disabled={busy}>
        Book
      </button>
    </Form>
  );
}
