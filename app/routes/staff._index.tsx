import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-pages";
import { StatusBadge } from "~/components/staff/status-badge";
import type { AppointmentJson } from "~/models/appointment.server";
import { STATUS_LABELS } from "~/utils/appointment-status";
import { type Diary, diaryDay } from "~/models/front-desk.server";
import { CLOSED_DAY, type ClinicClock, formatDate, formatTime } from "~/utils/clinic-format";
import { addDays } from "~/utils/clinic-time";
import { badRequest } from "~/utils/http.server";
import { requireStaffPage } from "~/utils/roles.server";
import type { StaffHandle } from "~/utils/permissions";
import { dateParam } from "~/validation/dates";

export const handle: StaffHandle = { permission: "diary.view" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStaffPage(request, handle.permission);
  const url = new URL(request.url);
  const view = url.searchParams.get("view") === "chair" ? "chair" : "dentist";
  const { date, refusal } = dateParam(url.searchParams, "date");
  if (refusal) throw badRequest(refusal.message);
  const diary = await diaryDay(date, view, new Date(), user.id);
  return { diary, list: url.searchParams.get("layout") === "list", labels: STATUS_LABELS };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data
      ? `Diary, ${formatDate(data.diary.date, data.diary.clock)} | Dental Clinic`
      : "Diary | Dental Clinic",
  },
  { name: "robots", content: "noindex" },
];

const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

function diaryLink(diary: Diary, change: { date?: string; view?: string; layout?: string }) {
  const params = new URLSearchParams();
  params.set("date", change.date ?? diary.date);
  const view = change.view ?? diary.view;
  if (view === "chair") params.set("view", "chair");
  if (change.layout === "list") params.set("layout", "list");
  return `/staff?${params}`;
}

function VisitLink({
  appointment,
  clock,
  labels,
  showWho,
}: {
  appointment: AppointmentJson;
  clock: ClinicClock;
  labels: typeof STATUS_LABELS;
  showWho: "dentist" | "chair";
}) {
  return (
    <Link
      to={`/staff/appointments/${appointment._id}`}
      className="block min-h-6 rounded border border-slate-300 bg-white p-1.5 text-left text-sm hover:border-brand-700"
      data-testid="diary-visit"
    >
      <span className="font-semibold">{formatTime(appointment.time, clock)}</span>{" "}
      <span className="text-slate-900">{appointment.name}</span>
      <span className="block text-slate-700">
        {appointment.service.name} ·{" "}
        {showWho === "dentist" ? appointment.dentist.name : appointment.chair.name}
      </span>
      <StatusBadge status={appointment.status} labels={labels} />
    </Link>
  );
}

// Outside a column's hours, and all day when it has none, the one word for no work: Closed.
function closedLabel(open: { start: number; end: number }[], at: number): string | null {
  if (open.some((period) => period.start <= at && at < period.end)) return null;
  if (open.length === 0) return CLOSED_DAY;
  const first = Math.min(...open.map((p) => p.start));
  const last = Math.max(...open.map((p) => p.end));
  return at > first && at < last ? "Break" : CLOSED_DAY;
}

function DiaryGrid({ diary, labels }: { diary: Diary; labels: typeof STATUS_LABELS }) {
  const { clock, gridMinutes } = diary;
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">
          Visits on {formatDate(diary.date, clock)}, one column per{" "}
          {diary.view === "chair" ? "chair" : "dentist"}
        </caption>
        <thead>
          <tr className="bg-slate-50">
            <th scope="col" className="w-20 p-2 text-left">
              Time
            </th>
            {diary.columns.map((column) => (
              <th key={column.id} scope="col" className="min-w-40 p-2 text-left">
                {column.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {diary.rows.map((row) => {
            const at = toMinutes(row);
            return (
              <tr key={row} className="border-t border-slate-200 align-top">
                <th scope="row" className="p-2 text-left font-medium whitespace-nowrap">
                  {formatTime(row, clock)}
                </th>
                {diary.columns.map((column) => {
                  const starting = column.appointments.filter((a) => {
                    const start = toMinutes(a.time);
                    return start >= at && start < at + gridMinutes;
                  });
                  const ongoing = column.appointments.some((a) => {
                    const start = toMinutes(a.time);
                    return start < at && at < start + a.service.durationMinutes;
                  });
                  const closed = closedLabel(column.open, at);
                  return (
                    <td
                      key={column.id}
                      className={`border-l border-slate-200 p-1 ${
                        closed
                          ? "bg-[repeating-linear-gradient(45deg,#f1f5f9,#f1f5f9_6px,#e2e8f0_6px,#e2e8f0_12px)]"
                          : ongoing
                            ? "bg-brand-50"
                            : ""
                      }`}
                    >
                      {starting.map((appointment) => (
                        <VisitLink
                          key={appointment._id}
                          appointment={appointment}
                          clock={clock}
                          labels={labels}
                          showWho={diary.view === "chair" ? "dentist" : "chair"}
                        />
                      ))}
                      {starting.length === 0 && closed ? (
                        <span className="text-xs text-slate-700">{closed}</span>
                      ) : null}
                      {starting.length === 0 && !closed && ongoing ? (
                        <span className="text-xs text-slate-700">In a visit</span>
                      ) : null}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function DiaryList({ diary, labels }: { diary: Diary; labels: typeof STATUS_LABELS }) {
  if (diary.appointments.length === 0) {
    return <p className="text-slate-700">No visits on this day.</p>;
  }
  return (
    <ol className="space-y-2" aria-label="Visits in time order">
      {diary.appointments.map((appointment) => (
        <li key={appointment._id}>
          <VisitLink
            appointment={appointment}
            clock={diary.clock}
            labels={labels}
            showWho="dentist"
          />
        </li>
      ))}
    </ol>
  );
}

export default function DiaryPage() {
  const { diary, list, labels } = useLoaderData<typeof loader>();
  const { clock } = diary;
  const linkClass =
    "inline-flex min-h-6 items-center rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100";
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">
        Diary: {formatDate(diary.date, clock)}
        {diary.date === diary.today ? " (today)" : ""}
      </h1>
      <div className="flex flex-wrap items-end gap-2">
        <Link className={linkClass} to={diaryLink(diary, { date: addDays(diary.date, -1) })}>
          <span aria-hidden="true">←</span> Previous day
        </Link>
        <Link className={linkClass} to={diaryLink(diary, { date: diary.today })}>
          Today
        </Link>
        <Link className={linkClass} to={diaryLink(diary, { date: addDays(diary.date, 1) })}>
          Next day <span aria-hidden="true">→</span>
        </Link>
        <Form method="get" action="/staff" className="flex items-end gap-2">
          <label className="flex flex-col text-sm font-medium text-slate-800">
            Date
            <input
              type="date"
              name="date"
              defaultValue={diary.date}
              required
              className="rounded-md border border-slate-400 px-2 py-1.5"
            />
          </label>
          {diary.view === "chair" ? <input type="hidden" name="view" value="chair" /> : null}
          {list ? <input type="hidden" name="layout" value="list" /> : null}
          <button type="submit" className={linkClass}>
            Show day
          </button>
        </Form>
      </div>
      <p className="flex flex-wrap gap-2 text-sm">
        <span className="self-center text-slate-700">Columns:</span>
        <Link
          className={linkClass}
          aria-current={diary.view === "dentist" ? "page" : undefined}
          to={diaryLink(diary, { view: "dentist", layout: list ? "list" : undefined })}
        >
          By dentist
        </Link>
        <Link
          className={linkClass}
          aria-current={diary.view === "chair" ? "page" : undefined}
          to={diaryLink(diary, { view: "chair", layout: list ? "list" : undefined })}
        >
          By chair
        </Link>
        <Link className={linkClass} to={diaryLink(diary, { layout: list ? "grid" : "list" })}>
          {list ? "Grid view" : "List view"}
        </Link>
        <Link className={linkClass} to="/staff/bookings/new">
          New booking
        </Link>
      </p>
      <nav aria-label="Week overview">
        <ul className="flex flex-wrap gap-1 text-sm">
          {diary.week.map((day) => (
            <li key={day.date}>
              <Link
                to={diaryLink(diary, { date: day.date, layout: list ? "list" : undefined })}
                aria-current={day.date === diary.date ? "date" : undefined}
                className={`inline-flex min-h-6 flex-col rounded-md border px-2 py-1 ${
                  day.date === diary.date
                    ? "border-brand-700 bg-brand-50 font-semibold text-brand-800"
                    : "border-slate-300 text-slate-800 hover:bg-slate-100"
                }`}
              >
                <span>{formatDate(day.date, clock).split(",")[0]}</span>
                <span className="text-xs">
                  {day.visits} {day.visits === 1 ? "visit" : "visits"}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {diary.closureName ? (
        <p className="rounded-md border border-amber-600 bg-amber-50 p-3 text-amber-900">
          The clinic is closed on this day ({diary.closureName}).
        </p>
      ) : null}
      {diary.needsAttention.length > 0 ? (
        <section
          aria-labelledby="attention-heading"
          className="rounded-md border border-red-700 bg-red-50 p-3"
        >
          <h2 id="attention-heading" className="font-semibold text-red-900">
            Needs attention (this day and the next six)
          </h2>
          <ul className="mt-2 space-y-1 text-sm">
            {diary.needsAttention.map(({ appointment, reason }) => (
              <li key={appointment._id}>
                <Link
                  to={`/staff/appointments/${appointment._id}`}
                  className="text-brand-700 underline"
                >
                  {formatDate(appointment.date, clock)} {formatTime(appointment.time, clock)},{" "}
                  {appointment.name} ({appointment.dentist.name})
                </Link>
                : {reason}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {list ? (
        <DiaryList diary={diary} labels={labels} />
      ) : (
        <>
          <div className="hidden md:block">
            <DiaryGrid diary={diary} labels={labels} />
          </div>
          <div className="md:hidden">
            <DiaryList diary={diary} labels={labels} />
          </div>
        </>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
