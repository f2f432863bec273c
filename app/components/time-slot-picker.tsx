import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { useHydrated } from "~/utils/use-hydrated";

type FreeSlotsAnswer =
  | { success: true; date: string; times: string[]; labels: string[]; message: string | null }
  | { success: false; message: string };

/**
 * The booking form's time field. Without JavaScript it is a time input on the grid (the
 * server names the free times if the one typed is not free). With JavaScript it is a
 * select of the start times still free on the chosen date for the chosen service's length
 * and dentist, fetched from /resources/free-slots.
 */
export function TimeSlotPicker({
  date,
  service,
  dentist,
  defaultValue,
  gridMinutes,
  hint,
}: {
  date: string;
  service: string;
  dentist: string;
  defaultValue: string;
  gridMinutes: number;
  /** What the time input says without JavaScript ("Appointments start every ..."). */
  hint: string;
}) {
  const enhanced = useHydrated();
  const fetcher = useFetcher<FreeSlotsAnswer>();
  const { load } = fetcher;
  const query = new URLSearchParams({ date, service, dentist }).toString();

  useEffect(() => {
    if (enhanced && date) load(`/resources/free-slots?${query}`);
  }, [enhanced, date, query, load]);

  const id = "field-time";
  const label = (
    <label htmlFor={id} className="field-label">
      Time
    </label>
  );
  if (!enhanced) {
    return (
      <div>
        {label}
        <input
          id={id}
          name="time"
          type="time"
          step={gridMinutes * 60}
          defaultValue={defaultValue}
          className="field-input"
          aria-describedby="time-hint"
        />
        <p id="time-hint" className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      </div>
    );
  }

  const answer = fetcher.data;
  const loading = Boolean(date) && (fetcher.state !== "idle" || !answer);
  const current = answer?.success && answer.date === date ? answer : null;
  const free = current?.times ?? [];
  const note = !date
    ? "Choose a date first to see the free times."
    : loading
      ? "Looking up the free times..."
      : (answer?.message ??
        `${free.length} free ${free.length === 1 ? "time" : "times"} that day${service ? " for this service" : ""}.`);

  return (
    <div>
      {label}
      <select
        // defaultValue only applies when a select mounts: a new list is a new select.
        key={`${query}|${free.join(",")}`}
        id={id}
        name="time"
        defaultValue={free.includes(defaultValue) ? defaultValue : ""}
        disabled={!date || loading || free.length === 0}
        className="field-input"
        aria-describedby="time-hint"
      >
        <option value="">Choose a time</option>
        {free.map((time, index) => (
          <option key={time} value={time}>
            {current?.labels[index] ?? time}
          </option>
        ))}
      </select>
      <p id="time-hint" role="status" className="mt-1 text-xs text-slate-600">
        {note}
      </p>
    </div>
  );
}
