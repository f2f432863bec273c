import { useEffect, useState, type ReactNode } from "react";
import { OPENING_HOURS, slotTimes } from "~/utils/slot-rules";
import { useHydrated } from "~/utils/use-hydrated";
import { describedBy, useFieldError } from "./form-kit";

type FreeSlotsAnswer =
  | { success: true; date: string; times: string[]; message: string | null }
  | { success: false; message: string };

type Lookup =
  | { state: "loading"; date: string }
  | { state: "done"; date: string; times: string[]; message: string | null }
  | { state: "failed"; date: string };

const times = slotTimes();
const ID = "field-time";
const GRID_HINT = `Appointments start every ${OPENING_HOURS.slotMinutes} minutes from ${times[0]} to ${times[times.length - 1]}.`;

function isAnswer(body: unknown): body is FreeSlotsAnswer {
  return typeof body === "object" && body !== null && "success" in body && "message" in body;
}

/** The times still free on `date`, from /resources/free-slots; `attempt` asks again. */
function useFreeTimes(date: string, enabled: boolean, attempt: number): Lookup | null {
  const [lookup, setLookup] = useState<Lookup | null>(null);
  useEffect(() => {
    if (!enabled || !date) return;
    const controller = new AbortController();
    setLookup({ state: "loading", date });
    // A plain fetch, not a fetcher: a failed lookup must stay inside this field and never
    // replace the form with the route's error boundary.
    fetch(`/resources/free-slots?date=${encodeURIComponent(date)}`, {
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
            ? { state: "done", date, times: body.times, message: body.message }
            : { state: "done", date, times: [], message: body.message },
        );
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error("Looking up the free times failed", error);
        setLookup({ state: "failed", date });
      });
    return () => controller.abort();
  }, [date, enabled, attempt]);
  return lookup && lookup.date === date ? lookup : null;
}

/** The time as typed on the slot grid: the field without JavaScript, or when the lookup failed. */
function TypedTime({
  defaultValue,
  errorId,
  invalid,
  note,
}: {
  defaultValue: string;
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
        min={times[0]}
        max={times[times.length - 1]}
        step={OPENING_HOURS.slotMinutes * 60}
        defaultValue={defaultValue}
        className="field-input"
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy("time-hint", errorId)}
      />
      {note}
      <p id="time-hint" className="mt-1 text-xs text-slate-600">
        {GRID_HINT}
      </p>
    </>
  );
}

/**
 * The booking form's time field. Without JavaScript it is a time input on the slot grid
 * (the server names the free times if the one typed is taken). With JavaScript it is a
 * select of the times still free on the chosen date; if they cannot be loaded it says so,
 * offers to try again, and falls back to the typed time, so the form can still be sent.
 */
export function TimeSlotPicker({ date, defaultValue }: { date: string; defaultValue: string }) {
  const enhanced = useHydrated();
  const [attempt, setAttempt] = useState(0);
  const lookup = useFreeTimes(date, enhanced, attempt);
  const { invalid, errorId } = useFieldError("time");

  const label = (
    <label htmlFor={ID} className="field-label">
      Time
    </label>
  );
  if (!enhanced) {
    return (
      <div>
        {label}
        <TypedTime defaultValue={defaultValue} errorId={errorId} invalid={invalid} />
      </div>
    );
  }
  if (lookup?.state === "failed") {
    return (
      <div>
        {label}
        <TypedTime
          defaultValue={defaultValue}
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
  const note = !date
    ? "Choose a date first to see the free times."
    : loading
      ? "Looking up the free times..."
      : lookup?.state === "done" && lookup.message
        ? lookup.message
        : `${free.length} free ${free.length === 1 ? "time" : "times"} that day.`;

  return (
    <div>
      {label}
      <select
        // defaultValue only applies when a select mounts: a new list is a new select.
        key={`${date}|${free.join(",")}`}
        id={ID}
        name="time"
        defaultValue={free.includes(defaultValue) ? defaultValue : ""}
        disabled={!date || loading || free.length === 0}
        className="field-input"
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy("time-hint", errorId)}
      >
        <option value="">Choose a time</option>
        {free.map((time) => (
          <option key={time} value={time}>
            {time}
          </option>
        ))}
      </select>
      <p id="time-hint" role="status" className="mt-1 text-xs text-slate-600">
        {note}
      </p>
    </div>
  );
}
