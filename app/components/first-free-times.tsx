import { Link } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { useHydrated } from "~/hooks/use-hydrated";

/** A strip as the page and `GET /resources/free-days` give it. */
export type FreeDaysStrip = {
  service: string;
  dentist: string;
  from: string;
  days: {
    date: string;
    label: string;
    weekday: string;
    day: string;
    times: string[];
    labels: string[];
  }[];
  next: string | null;
  message: string | null;
};

type Lookup =
  | { state: "loading"; key: string }
  | { state: "done"; key: string; strip: FreeDaysStrip }
  | { state: "failed"; key: string };

/** Times shown per day before "All N times" (which picks the day, so its list shows them). */
const TIMES_PER_DAY = 4;

export type StripChoice = { date: string; time: string };

const keyOf = (service: string, dentist: string, from: string) => `${service}|${dentist}|${from}`;

function isStrip(body: unknown): body is FreeDaysStrip & { success: true } {
  return (
    typeof body === "object" &&
    body !== null &&
    "success" in body &&
    body.success === true &&
    "days" in body &&
    Array.isArray(body.days)
  );
}

/**
 * The strip for the service and dentist the form has chosen: the page's own while they are
 * the page's, else from /resources/free-days (a plain fetch: a failure stays in the strip).
 */
function useFreeDays(
  service: string,
  dentist: string,
  from: string,
  initial: FreeDaysStrip | null,
  enabled: boolean,
) {
  const key = keyOf(service, dentist, from);
  const own = initial && keyOf(initial.service, initial.dentist, initial.from) === key;
  const [lookup, setLookup] = useState<Lookup | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!enabled || own || !service) return;
    const controller = new AbortController();
    setLookup({ state: "loading", key });
    const query = new URLSearchParams({ service, dentist, from });
    fetch(`/resources/free-days?${query}`, {
      headers: { accept: "application/json" },
      signal: controller.signal,
    })
      .then(async (response) => {
        const body: unknown = await response.json();
        if (!isStrip(body)) throw new Error(`GET /resources/free-days: ${response.status}`);
        setLookup({ state: "done", key, strip: body });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error("Looking up the first free times failed", error);
        setLookup({ state: "failed", key });
      });
    return () => controller.abort();
  }, [enabled, own, service, dentist, from, key, attempt]);
  if (own) return { strip: initial, state: "done" as const, retry: () => {} };
  const current = lookup?.key === key ? lookup : null;
  return {
    strip: current?.state === "done" ? current.strip : null,
    state: current?.state ?? ("loading" as const),
    retry: () => setAttempt((value) => value + 1),
  };
}

function Choice({
  enhanced,
  href,
  pressed,
  label,
  onChoose,
  className,
  children,
}: {
  enhanced: boolean;
  href: string;
  pressed: boolean;
  label: string;
  onChoose: () => void;
  className: string;
  children: ReactNode;
}) {
  // Without JavaScript a link to the booking form with the date and time filled in; with
  // it, a button that fills them in place (what was typed stays).
  return enhanced ? (
    <button
      type="button"
      className={className}
      aria-pressed={pressed}
      aria-label={label}
      onClick={onChoose}
    >
      {children}
    </button>
  ) : (
    <Link
      to={href}
      className={className}
      aria-current={pressed ? "true" : undefined}
      aria-label={label}
    >
      {children}
    </Link>
  );
}

const CHIP =
  "flex min-h-10 w-full items-center justify-center rounded-md border px-1 py-1.5 text-sm font-semibold whitespace-nowrap";
const chipClass = (pressed: boolean) =>
  `${CHIP} ${pressed ? "border-brand-700 bg-brand-700 text-white" : "border-brand-700 bg-white text-brand-700 hover:bg-brand-50"}`;

/**
 * The next days with a free time for the chosen service and dentist (any dentist who
 * performs it), and the first of them as one big choice. Choosing a time fills the form's
 * date and time; "All N times" fills the date, so the time list shows the whole day.
 * Without JavaScript every choice is a link to this page with `date` and `time` (or `from`,
 * for other days) in the query.
 */
export function FirstFreeTimes({
  initial,
  service,
  serviceName,
  dentist,
  dentistName,
  today,
  chosen,
  onChoose,
  hrefFor,
}: {
  initial: FreeDaysStrip | null;
  service: string;
  serviceName: string | null;
  dentist: string;
  dentistName: string | null;
  today: string;
  chosen: StripChoice;
  onChoose: (choice: StripChoice) => void;
  /** This page with the given query (service and dentist added). */
  hrefFor: (query: Record<string, string>, hash: string) => string;
}) {
  const enhanced = useHydrated();
  const [from, setFrom] = useState(initial?.from ?? today);
  // A new service or dentist starts again from today.
  const [startedFor, setStartedFor] = useState(`${service}|${dentist}`);
  if (startedFor !== `${service}|${dentist}`) {
    setStartedFor(`${service}|${dentist}`);
    setFrom(today);
  }
  const { strip, state, retry } = useFreeDays(service, dentist, from, initial, enhanced);

  const who = dentistName ?? "any dentist";
  const first = strip?.days[0];
  const choose = (date: string, time: string) => onChoose({ date, time });
  const isChosen = (date: string, time: string) => chosen.date === date && chosen.time === time;
  const page = (target: string, label: string) =>
    enhanced ? (
      <button
        type="button"
        className="font-semibold text-brand-700 underline"
        onClick={() => setFrom(target)}
      >
        {label}
      </button>
    ) : (
      <Link
        to={hrefFor({ from: target }, "#first-free")}
        className="font-semibold text-brand-700 underline"
      >
        {label}
      </Link>
    );

  return (
    <section
      id="first-free"
      aria-labelledby="first-free-heading"
      className="mb-6 rounded-lg border border-slate-200 bg-slate-50 p-4"
      data-testid="first-free-times"
    >
      <h2 id="first-free-heading" className="text-lg font-semibold text-slate-900">
        First available
      </h2>
      {!service || !serviceName ? (
        <p className="mt-1 text-sm text-slate-700">
          Choose a service above to see its first openings.
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-700">
            {serviceName}, with {who}
          </p>
          {state === "failed" ? (
            <p role="alert" className="mt-3 text-sm text-amber-900">
              We could not load the free times.{" "}
              <button
                type="button"
                className="font-semibold text-brand-800 underline"
                onClick={retry}
              >
                Try again
              </button>
            </p>
          ) : !strip ? (
            <p role="status" className="mt-3 text-sm text-slate-700">
              Looking up the first openings...
            </p>
          ) : (
            <>
              {first ? (
                <Choice
                  enhanced={enhanced}
                  href={hrefFor({ date: first.date, time: first.times[0]! }, "#booking-form")}
                  pressed={isChosen(first.date, first.times[0]!)}
                  label={`First available: ${first.label} at ${first.labels[0]}`}
                  onChoose={() => choose(first.date, first.times[0]!)}
                  className="btn-primary mt-3 w-full text-center"
                >
                  First available: {first.label} at {first.labels[0]}
                </Choice>
              ) : null}
              {strip.days.length > 0 ? (
                // One column per day, side by side; on a phone the row scrolls sideways.
                <ul
                  className="mt-4 flex snap-x gap-2 overflow-x-auto pb-2"
                  aria-label="Openings by day"
                >
                  {strip.days.map((day) => (
                    <li key={day.date} className="w-[4.75rem] shrink-0 snap-start">
                      <p className="text-center text-sm leading-tight text-slate-900">
                        <span className="block font-semibold">{day.weekday}</span>
                        <span className="block">{day.day}</span>
                      </p>
                      <ul className="mt-2 flex flex-col gap-1.5" aria-label={day.label}>
                        {day.times.slice(0, TIMES_PER_DAY).map((time, index) => (
                          <li key={time}>
                            <Choice
                              enhanced={enhanced}
                              href={hrefFor({ date: day.date, time }, "#booking-form")}
                              pressed={isChosen(day.date, time)}
                              label={`${day.label} at ${day.labels[index]}`}
                              onChoose={() => choose(day.date, time)}
                              className={chipClass(isChosen(day.date, time))}
                            >
                              {day.labels[index]}
                            </Choice>
                          </li>
                        ))}
                        {day.times.length > TIMES_PER_DAY ? (
                          <li>
                            <Choice
                              enhanced={enhanced}
                              href={hrefFor({ date: day.date }, "#field-time")}
                              pressed={
                                chosen.date === day.date &&
                                !day.times.slice(0, TIMES_PER_DAY).includes(chosen.time)
                              }
                              label={`All ${day.times.length} openings on ${day.label}`}
                              onChoose={() => choose(day.date, "")}
                              className={chipClass(false)}
                            >
                              All {day.times.length}
                            </Choice>
                          </li>
                        ) : null}
                      </ul>
                    </li>
                  ))}
                </ul>
              ) : null}
              {strip.message ? (
                <p className="mt-3 text-sm text-slate-800" role="status">
                  {strip.message}
                </p>
              ) : null}
              <p className="mt-4 flex flex-wrap justify-between gap-3 text-sm">
                {strip.from > today ? page(today, "First dates") : <span />}
                {strip.next ? page(strip.next, "Later dates") : null}
              </p>
            </>
          )}
        </>
      )}
    </section>
  );
}
