import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { OPENING_HOURS, slotTimes } from "~/utils/slot-rules";
import { useHydrated } from "~/utils/use-hydrated";

type FreeSlotsAnswer =
  | { success: true; date: string; times: string[]; message: string | null }
  | { success: false; message: string };

const times = slotTimes();

/**
 * The booking form's time field. Without JavaScript it is a time input on the slot grid
 * (the server names the free times if the one typed is taken). With JavaScript it is a
 * select of the times still free on the chosen date, fetched from /resources/free-slots.
 */
export function TimeSlotPicker({ date, defaultValue }: { date: string; defaultValue: string }) {
  const enhanced = useHydrated();
  const fetcher = useFetcher<FreeSlotsAnswer>();
  const { load } = fetcher;

  useEffect(() => {
    if (enhanced && date) load(`/resources/free-slots?date=${encodeURIComponent(date)}`);
  }, [enhanced, date, load]);

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
          min={times[0]}
          max={times[times.length - 1]}
          step={OPENING_HOURS.slotMinutes * 60}
          defaultValue={defaultValue}
          className="field-input"
          aria-describedby="time-hint"
        />
        <p id="time-hint" className="mt-1 text-xs text-slate-600">
          Appointments start every {OPENING_HOURS.slotMinutes} minutes from {times[0]} to{" "}
          {times[times.length - 1]}.
        </p>
      </div>
    );
  }

  const answer = fetcher.data;
  const loading = Boolean(date) && (fetcher.state !== "idle" || !answer);
  const free = answer?.success && answer.date === date ? answer.times : [];
  const note = !date
    ? "Choose a date first to see the free times."
    : loading
      ? "Looking up the free times..."
      : (answer?.message ??
        `${free.length} free ${free.length === 1 ? "time" : "times"} that day.`);

  return (
    <div>
      {label}
      <select
        // defaultValue only applies when a select mounts: a new list is a new select.
        key={`${date}|${free.join(",")}`}
        id={id}
        name="time"
        defaultValue={free.includes(defaultValue) ? defaultValue : ""}
        disabled={!date || loading || free.length === 0}
        className="field-input"
        aria-describedby="time-hint"
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
