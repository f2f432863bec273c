import { formatTime, type ClinicClock } from "~/utils/clinic-format";

/**
 * The free start times of a day as radio buttons (`chosen`, else the first, checked): works
 * without JavaScript.
 */
export function FreeTimeRadios({
  legend,
  times,
  clock,
  chosen,
}: {
  legend: string;
  times: string[];
  clock: ClinicClock;
  chosen?: string;
}) {
  const checked = chosen && times.includes(chosen) ? chosen : times[0];
  return (
    <fieldset>
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-2">
        {times.map((time) => (
          <label
            key={time}
            className="inline-flex min-h-6 min-w-6 items-center gap-1 rounded border border-slate-300 px-2 py-1 text-sm"
          >
            <input
              type="radio"
              name="time"
              value={time}
              required
              defaultChecked={time === checked}
            />
            {formatTime(time, clock)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
