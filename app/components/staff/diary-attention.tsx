import type { Diary } from "~/models/front-desk/diary.server";
import { NEEDS_OUTCOME } from "~/models/front-desk/visit-actions";
import { type ClinicClock, formatDate, formatDateTime, formatTime } from "~/utils/clinic-format";

const DAY_NAMES = [
  "Sundays",
  "Mondays",
  "Tuesdays",
  "Wednesdays",
  "Thursdays",
  "Fridays",
  "Saturdays",
];

/** Why the day has no diary: the closure's name, or the clinic's weekly day off. */
export function closedSentence(diary: Pick<Diary, "closed" | "date">): string | null {
  if (!diary.closed) return null;
  if (diary.closed.kind === "closure") {
    return `The clinic is closed on this day (${diary.closed.name}).`;
  }
  const weekday = new Date(`${diary.date}T12:00:00Z`).getUTCDay();
  return `The clinic is closed on ${DAY_NAMES[weekday]}: it is the clinic's day off.`;
}

/**
 * What the desk should look at: visits that no longer fit the diary (the week ahead) and
 * past visits nobody gave an outcome ("needs an outcome", not left "Booked").
 */
export function DiaryAttention({
  diary,
  clock,
  everyHref,
}: {
  diary: Pick<Diary, "needsAttention" | "needsOutcome" | "attentionCount" | "outcomeCount">;
  clock: ClinicClock;
  /** The diary's address with every entry of both lists. */
  everyHref: string;
}) {
  if (diary.needsAttention.length === 0 && diary.needsOutcome.length === 0) return null;
  const more =
    diary.attentionCount > diary.needsAttention.length ||
    diary.outcomeCount > diary.needsOutcome.length;
  return (
    <section
      aria-labelledby="attention-heading"
      className="rounded-md border border-red-700 bg-red-50 p-3"
    >
      <h2 id="attention-heading" className="font-semibold text-red-900">
        Needs attention
      </h2>
      {diary.needsOutcome.length > 0 ? (
        <>
          <h3 className="mt-2 text-sm font-semibold text-red-900">
            {NEEDS_OUTCOME}: past visits still open ({diary.outcomeCount}
            {diary.outcomeCount === 50 ? " or more" : ""})
          </h3>
          <ul className="mt-1 space-y-1 text-sm" data-testid="needs-outcome-list">
            {diary.needsOutcome.map((visit) => (
              <li key={visit._id}>
                <a href={`/staff/appointments/${visit._id}`} className="text-brand-700 underline">
                  {formatDateTime(visit.date, visit.time, clock)}, {visit.name} ({visit.dentist})
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {diary.needsAttention.length > 0 ? (
        <>
          <h3 className="mt-2 text-sm font-semibold text-red-900">
            No longer fit the diary (this day and the next six: {diary.attentionCount})
          </h3>
          <ul className="mt-1 space-y-1 text-sm">
            {diary.needsAttention.map(({ appointment, reason }) => (
              <li key={appointment._id}>
                <a
                  href={`/staff/appointments/${appointment._id}`}
                  className="text-brand-700 underline"
                >
                  {formatDate(appointment.date, clock)} {formatTime(appointment.time, clock)},{" "}
                  {appointment.name} ({appointment.dentist.name})
                </a>
                : {reason}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {more ? (
        <p className="mt-2 text-sm">
          <a href={everyHref} className="font-medium text-brand-700 underline">
            Show them all
          </a>
        </p>
      ) : null}
    </section>
  );
}
