import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { GeneralErrorBoundary } from "~/components/error-pages";
import { FormError } from "~/components/form-error";
import { closedSentence, DiaryAttention } from "~/components/staff/diary-attention";
import { DiaryEnhance } from "~/components/staff/diary-enhance";
import { DiaryGrid } from "~/components/staff/diary-grid";
import { diaryHref, DiaryToolbar, toolLink } from "~/components/staff/diary-toolbar";
import { DiaryWeekView } from "~/components/staff/diary-week";
import { visitCard } from "~/components/staff/visit-card";
import { diaryChange } from "~/models/front-desk/diary-actions.server";
import { diaryDay } from "~/models/front-desk/diary.server";
import {
  packDiary,
  type PackedDiary,
  unpackColumns,
  unpackVisit,
} from "~/models/front-desk/diary-packed";
import { diaryWeek } from "~/models/front-desk/diary-week.server";
import { formatDate } from "~/utils/clinic-format";
import { formAction, formPageHeaders } from "~/http/form-action.server";
import { badRequest } from "~/http/http.server";
import type { StaffHandle } from "~/models/permissions";
import { requireStaffPage } from "~/http/roles.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { redirectWithToast } from "~/http/toast.server";
import { dateParam } from "~/validation/dates";
import { usePlainLinks } from "~/hooks/use-plain-links";

export const handle: StaffHandle = { permission: "diary.view" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStaffPage(request, handle.permission);
  const url = new URL(request.url);
  const { date, refusal } = dateParam(url.searchParams, "date");
  if (refusal) throw badRequest(refusal.message);
  const view = url.searchParams.get("view");
  if (view === "week") {
    const dentist = url.searchParams.get("dentist")?.slice(0, 100) ?? null;
    return { week: await diaryWeek({ date, dentist, viewer: user }), diary: null, list: false };
  }
  const diary = await diaryDay({
    date,
    view: view === "chair" ? "chair" : "dentist",
    scope: url.searchParams.get("scope") === "clinic" ? "clinic" : "mine",
    viewer: user,
    everyAttention: url.searchParams.get("attention") === "all",
  });
  const list = url.searchParams.get("layout") === "list";
  return { diary: packDiary(diary, list), week: null, list };
}

export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
    access: handle.permission,
    task: "A change from the diary",
    handler: async ({ request, form, actor }) => {
      const done = await diaryChange(actor, form);
      if (!done.ok) return done;
      // Back to the diary as it was: its forms post to its own address (with ?index).
      const back = new URL(request.url);
      back.searchParams.delete("index");
      return redirectWithToast(safeRedirect(`${back.pathname}${back.search}`, "/staff"), {
        type: "success",
        message: done.message,
      });
    },
  });

export const headers = formPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data?.diary
      ? `Diary, ${formatDate(data.diary.date, data.diary.clock)} | Dental Clinic`
      : data?.week
        ? `Week of ${data.week.dentist.name} | Dental Clinic`
        : "Diary | Dental Clinic",
  },
  { name: "robots", content: "noindex" },
];

function DiaryList({ diary, busy }: { diary: PackedDiary; busy: boolean }) {
  if (diary.visits.length === 0) {
    return <p className="text-slate-700">No visits on this day.</p>;
  }
  return (
    <ol className="space-y-2" aria-label="Visits in time order">
      {diary.visits.map(unpackVisit).map((visit) => (
        <li key={visit._id}>{visitCard(visit, diary.clock, "both", false, busy)}</li>
      ))}
    </ol>
  );
}

function DayView({ diary, list }: { diary: PackedDiary; list: boolean }) {
  const { clock } = diary;
  const busy = useNavigation().state !== "idle";
  const columns = useMemo(() => unpackColumns(diary.columns), [diary.columns]);
  const own = diary.viewer.dentistId;
  // Only a dentist of the team chooses between their day and the clinic's.
  const scope = own ? diary.scope : undefined;
  const place = { date: diary.date, view: diary.view, scope, list } as const;
  const closed = closedSentence(diary);
  return (
    <>
      <DiaryToolbar place={place} today={diary.today} step={1} book={diary.viewer.book}>
        <span className="self-center text-slate-700">Columns:</span>
        {own && diary.view === "dentist" ? (
          <a
            className={toolLink}
            href={diaryHref({ ...place, scope: diary.scope === "mine" ? "clinic" : "mine" })}
          >
            {diary.scope === "mine" ? "Whole clinic" : "My day only"}
          </a>
        ) : null}
        <a
          className={toolLink}
          aria-current={diary.view === "dentist" ? "page" : undefined}
          href={diaryHref({ ...place, view: "dentist" })}
        >
          By dentist
        </a>
        <a
          className={toolLink}
          aria-current={diary.view === "chair" ? "page" : undefined}
          href={diaryHref({ ...place, view: "chair" })}
        >
          By chair
        </a>
        <a
          className={toolLink}
          href={diaryHref({ ...place, view: "week", dentist: own ?? undefined })}
        >
          Week per dentist
        </a>
        <a className={toolLink} href={diaryHref({ ...place, list: !list })}>
          {list ? "Grid view" : "List view"}
        </a>
      </DiaryToolbar>
      <nav aria-label="Week overview">
        <ul className="flex flex-wrap gap-1 text-sm">
          {diary.week.map((day) => (
            <li key={day.date}>
              <a
                href={diaryHref({ ...place, date: day.date })}
                aria-current={day.date === diary.date ? "date" : undefined}
                className={`inline-flex min-h-6 flex-col rounded-md border px-2 py-1 ${
                  day.date === diary.date
                    ? "border-brand-700 bg-brand-50 font-semibold text-brand-800"
                    : "border-slate-300 text-slate-800 hover:bg-slate-100"
                }`}
                data-testid="week-day"
              >
                <span>{formatDate(day.date, clock).split(",")[0]}</span>
                <span className="text-xs">
                  {day.visits} {day.visits === 1 ? "visit" : "visits"}
                </span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <DiaryAttention diary={diary} clock={clock} everyHref={`${diaryHref(place)}&attention=all`} />
      {closed ? (
        <p
          className="rounded-md border border-amber-600 bg-amber-50 p-3 text-amber-900"
          data-testid="closed-day"
        >
          {closed}
        </p>
      ) : null}
      {diary.detailsWithheld ? (
        <p
          className="rounded-md border border-amber-600 bg-amber-50 p-3 text-amber-900"
          data-testid="details-withheld"
        >
          {diary.detailsWithheld} Until then the cards show no medical alerts or messages.
        </p>
      ) : null}
      <section id="visits" tabIndex={-1} aria-labelledby="visits-heading" className="space-y-2">
        <h2 id="visits-heading" className="text-lg font-semibold text-slate-900">
          Visits ({diary.count})
        </h2>
        <DiaryEnhance>
          {closed && diary.count === 0 ? null : list ? (
            <DiaryList diary={diary} busy={busy} />
          ) : (
            <DiaryGrid
              columns={columns}
              kind={diary.view}
              rows={diary.rows}
              gridMinutes={diary.gridMinutes}
              clock={clock}
              date={diary.date}
              now={diary.now}
              caption={`Visits on ${formatDate(diary.date, clock)}, one column per ${diary.view}`}
              columnLabel={(column) => column.name}
              book={diary.viewer.book}
            />
          )}
        </DiaryEnhance>
      </section>
    </>
  );
}

export default function DiaryPage() {
  const { diary, week, list } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const onClick = usePlainLinks();
  const heading = diary
    ? `Diary: ${formatDate(diary.date, diary.clock)}${diary.date === diary.today ? " (today)" : ""}`
    : week
      ? `Week of ${week.dentist.name}`
      : "Diary";
  return (
    // The page's links are plain <a>: this one handler routes them (usePlainLinks).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- the links inside take the keys; this only routes what they do
    <section className="space-y-4" onClick={onClick}>
      <a
        href="#visits"
        className="sr-only rounded-md bg-white px-3 py-2 font-semibold text-brand-800 focus:not-sr-only focus:inline-block focus:outline-2"
      >
        Skip to the visits
      </a>
      <h1 className="text-2xl font-bold text-slate-900">{heading}</h1>
      <FormError message={actionData?.error} />
      {diary ? <DayView diary={diary} list={list} /> : null}
      {week ? <DiaryWeekView week={week} /> : null}
      {!diary && !week ? (
        <p className="text-slate-700">The clinic has no active dentist yet.</p>
      ) : null}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
