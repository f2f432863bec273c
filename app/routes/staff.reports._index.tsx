import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-pages";
import { FormError } from "~/components/form-error";
import { fieldClass, labelClass } from "~/components/staff/setting-field";
import { StaffScreenHeader } from "~/components/staff-kit";
import { reportRequest } from "~/models/reports/access.server";
import { chartRenderer } from "~/models/reports/charts.server";
import { buildReport, type Cell } from "~/models/reports/reports.server";
import { requireStaffPage } from "~/http/roles.server";
import type { StaffHandle } from "~/models/permissions";

export const handle: StaffHandle = { permission: "reports.view" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStaffPage(request, handle.permission);
  const url = new URL(request.url);
  const query = {
    from: url.searchParams.get("from") ?? "",
    to: url.searchParams.get("to") ?? "",
    by: url.searchParams.get("by") ?? "week",
  };
  const asked = await reportRequest(user, url);
  if (!asked.ok) {
    return data(
      { query, refusal: { message: asked.message, field: asked.field }, report: null, whose: null },
      { status: asked.status },
    );
  }
  const [report, chartSvg] = await Promise.all([
    buildReport(asked.range, asked.scope),
    chartRenderer(),
  ]);
  return {
    query: { from: asked.range.from, to: asked.range.to, by: asked.range.by },
    refusal: null,
    whose: asked.dentistName,
    report: {
      tables: report.tables.map(({ chart, ...table }) => ({ ...table, svg: chartSvg(chart) })),
      csv: new URLSearchParams({
        from: asked.range.from,
        to: asked.range.to,
        by: asked.range.by,
      }).toString(),
    },
  };
}

export const meta: MetaFunction = () => [
  { title: "Reports | Clinic | Dental Clinic" },
  { name: "robots", content: "noindex" },
];

const show = (cell: Cell) => (cell === null ? "none" : cell);

export default function Reports() {
  const { query, refusal, report, whose } = useLoaderData<typeof loader>();
  const invalid = (field: string) => refusal?.field === field || undefined;
  return (
    <div className="space-y-8">
      <StaffScreenHeader title="Reports">
        {whose
          ? `Your own figures, ${whose}: visits with you, and recall invitations of your patients.`
          : "How the diary really does: no-shows, late cancellations, how full each dentist and chair is, new patients, waiting-list refills and recall."}
      </StaffScreenHeader>
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Choose the period">
        <DayField name="from" label="First day" value={query.from} invalid={invalid("from")} />
        <DayField name="to" label="Last day" value={query.to} invalid={invalid("to")} />
        <div>
          <label htmlFor="by" className={labelClass}>
            By
          </label>
          <select id="by" name="by" defaultValue={query.by} className={fieldClass}>
            <option value="week">Week</option>
            <option value="month">Month</option>
          </select>
        </div>
        <button type="submit" className="btn-primary">
          Show
        </button>
      </Form>
      <FormError message={refusal?.message} id="range-error" />
      {report?.tables.map((table) => (
        <section
          key={table.id}
          aria-labelledby={`${table.id}-heading`}
          className="space-y-3"
          data-testid={`report-${table.id}`}
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id={`${table.id}-heading`} className="text-lg font-semibold text-slate-900">
              {table.title}
            </h2>
            <a
              href={`/staff/reports/export?${report.csv}&table=${table.id}`}
              className="text-sm text-brand-700 underline"
              download
            >
              Download {table.title.toLowerCase()} as CSV
            </a>
          </div>
          <p className="text-sm text-slate-700">{table.about}</p>
          <div
            className="rounded-lg border border-slate-200 bg-white p-2"
            // Drawn on the server by ECharts from numbers and names it escapes.
            dangerouslySetInnerHTML={{ __html: table.svg }}
          />
          {/* Focusable so a keyboard can scroll a table wider than a phone. */}
          <div
            className="overflow-x-auto rounded-lg border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-brand-700"
            tabIndex={0}
            role="region"
            aria-label={`${table.title}: figures`}
          >
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{table.title}: the figures of the chart</caption>
              <thead className="bg-slate-50">
                <tr>
                  {table.columns.map((column) => (
                    <th key={column} scope="col" className="p-2">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {table.rows.map((row, index) => (
                  <tr key={index}>
                    {row.map((cell, column) =>
                      column === 0 ? (
                        <th key={column} scope="row" className="p-2 font-normal">
                          {show(cell)}
                        </th>
                      ) : (
                        <td key={column} className="p-2 tabular-nums">
                          {show(cell)}
                        </td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

/** One end of the period: a date input whose error is the range's message below. */
function DayField(props: { name: string; label: string; value: string; invalid?: true }) {
  return (
    <div>
      <label htmlFor={props.name} className={labelClass}>
        {props.label}
      </label>
      <input
        id={props.name}
        name={props.name}
        type="date"
        defaultValue={props.value}
        className={fieldClass}
        aria-invalid={props.invalid}
        aria-describedby={props.invalid ? "range-error" : undefined}
      />
    </div>
  );
}
