import { useEffect, useState, type ReactNode } from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import { describedBy, useFieldError } from "./form-kit";
import { FieldLabel, needAttributes } from "./field-label";

type FreeTimes = {
  times: string[];
  /** "9:00 AM", or "9:00 AM (changes by phone only)" inside the cancellation cutoff. */
  labels: string[];
  message: string | null;
  /** Why some times are marked, when some are. */
  cutoffNote: string | null;
};

type FreeSlotsAnswer =
  ({ success: true; date: string } & FreeTimes) | { success: false; message: string };

type Lookup =
  | { state: "loading"; date: string }
  | ({ state: "done"; date: string } & FreeTimes)
  | { state: "failed"; date: string };

const ID = "field-time";

function isAnswer(body: unknown): body is FreeSlotsAnswer {
  return typeof body === "object" && body !== null && "success" in body && "message" in body;
}

/**
 * The start times still free on `date` for the service's length and the dentist, from
 * /resources/free-slots (`query` holds all three); `attempt` asks again.
 */
function useFreeTimes(query: string, date: string, enabled: boolean, attempt: number) {
  const [lookup, setLookup] = useState<(Lookup & { query: string }) | null>(null);
  useEffect(() => {
    if (!enabled || !date) return;
    const controller = new AbortController();
    setLookup({ state: "loading", date, query });
    // A plain fetch, not a fetcher: a failed lookup must stay inside this field and never
    // replace the form with the route's error boundary.
    fetch(`/resources/free-slots?${query}`, {
      headers: { accept: "application/json" },
      signal: controller.signal,
    })
      .then(async (response) => {
        const body: unknown = await response.json();
        // A refusal for this date (a malformed one) is an answer; anything else a failure.
        if (!isAnswer(body) || (!body.success && response.status >= 500)) {
          throw new Error(`GET /resources/free-slots: ${response.status}`);
        }
        setLookup(
          body.success
            ? {
                state: "done",
                date,
                query,
                times: body.times,
                labels: body.labels,
                message: body.message,
                cutoffNote: body.cutoffNote ?? null,
              }
            : {
                state: "done",
                date,
                query,
                times: [],
                labels: [],
                message: body.message,
                cutoffNote: null,
              },
        );
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error("Looking up the free times failed", error);
        setLookup({ state: "failed", date, query });
      });
    return () => controller.abort();
  }, [query, date, enabled, attempt]);
  return lookup && lookup.query === query ? lookup : null;
}

/** The time as typed on the slot grid: the field without JavaScript, or when the lookup failed. */
function TypedTime({
  defaultValue,
  gridMinutes,
  hint,
  errorId,
  invalid,
  note,
}: {
  defaultValue: string;
  gridMinutes: number;
  hint: string;
  errorId: string | undefined;
  invalid: boolean;
  note?: ReactNode;
}) {
  return (
    <>
      <input
        id={ID}
        name="time"
        type="time"
        step={gridMinutes * 60}
        defaultValue={defaultValue}
        className="field-input"
        {...needAttributes("required")}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy("time-hint", errorId)}
      />
      {note}
      <p id="time-hint" className="mt-1 text-xs text-slate-600">
        {hint}
      </p>
    </>
  );
}

/**
 * The booking form's time field. Without JavaScript it is a time input on the grid (the
 * server names the free times if the one typed is not free). With JavaScript it is a
 * select of the start times still free on the chosen date for the chosen service's length
 * and dentist, holding `value` (the page sets it too: a choice of the first-free strip);
 * if they cannot be loaded it says so, offers to try again, and falls back to the typed
 * time, so the form can still be sent.
 */
export function TimeSlotPicker({
  date,
  service,
  dentist,
  value,
  onChange,
  gridMinutes,
  hint,
}: {
  date: string;
  service: string;
  dentist: string;
  /** The chosen time, HH:MM or "". */
  value: string;
  onChange: (time: string) => void;
  gridMinutes: number;
  /** What the time input says without JavaScript ("Appointments start every ..."), with
   * the cancellation cutoff's "changes by phone only" when it applies. */
  hint: string;
}) {
  const enhanced = useHydrated();
  const [attempt, setAttempt] = useState(0);
  const query = new URLSearchParams({ date, service, dentist }).toString();
  const lookup = useFreeTimes(query, date, enhanced, attempt);
  const { invalid, errorId } = useFieldError("time");

  const label = (
    <FieldLabel htmlFor={ID} need="required">
      Time
    </FieldLabel>
  );
  if (!enhanced) {
    return (
      <div>
        {label}
        <TypedTime
          defaultValue={value}
          gridMinutes={gridMinutes}
          hint={hint}
          errorId={errorId}
          invalid={invalid}
        />
      </div>
    );
  }
  if (lookup?.state === "failed") {
    return (
      <div>
        {label}
        <TypedTime
          defaultValue={value}
          gridMinutes={gridMinutes}
          hint={hint}
          errorId={errorId}
          invalid={invalid}
          note={
            <div
              role="alert"
              className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md bg-amber-50 p-2 text-sm text-amber-900"
              data-testid="free-times-failed"
            >
              <span>We could not load the free times. You can type a time, or</span>
              <button
                type="button"
                className="font-semibold text-brand-800 underline"
                onClick={() => setAttempt((value) => value + 1)}
              >
                Try again
              </button>
            </div>
          }
        />
      </div>
    );
  }

  const loading = Boolean(date) && lookup?.state !== "done";
  const free = lookup?.state === "done" ? lookup.times : [];
  const labels = lookup?.state === "done" ? lookup.labels : [];
  const note = !date
    ? "Choose a date first to see the free times."
    : loading
      ? "Looking up the free times..."
      : lookup?.state === "done" && lookup.message
        ? lookup.message
        : `${free.length} free ${free.length === 1 ? "time" : "times"} that day${service ? " for this service" : ""}.`;

  return (
    <div>
      {label}
      <select
        id={ID}
        name="time"
        value={free.includes(value) ? value : ""}
        onChange={(event) => onChange(event.target.value)}
        disabled={!date || loading || free.length === 0}
        className="field-input"
        {...needAttributes("required")}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy("time-hint", errorId)}
      >
        <option value="">Choose a time</option>
        {free.map((time, index) => (
          <option key={time} value={time}>
            {labels[index] ?? time}
          </option>
        ))}
      </select>
      <p id="time-hint" role="status" className="mt-1 text-xs text-slate-600">
        {note}
        {lookup?.state === "done" && lookup.cutoffNote ? ` ${lookup.cutoffNote}` : ""}
      </p>
    </div>
  );
}
