import type { LoaderFunctionArgs } from "@remix-run/node";
import { reportRequest } from "~/models/reports/access.server";
import { buildReport, REPORT_TABLES, tableCsv } from "~/models/reports/reports.server";
import { PRIVATE_NO_STORE } from "~/http/page-headers.server";
import { plainRefusal as plain, requireStaffResource } from "~/http/roles.server";
import type { StaffHandle } from "~/models/permissions";

// One table of /staff/reports as CSV: `?table=<id>&from&to&by`, the same range and scope.
export const handle: StaffHandle = { permission: "reports.view" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStaffResource(request, handle.permission);
  const url = new URL(request.url);
  const id = url.searchParams.get("table") ?? "";
  if (!(REPORT_TABLES as readonly string[]).includes(id)) {
    return plain(400, `Please choose a table: ${REPORT_TABLES.join(", ")}.`);
  }
  const asked = await reportRequest(user, url);
  if (!asked.ok) return plain(asked.status, asked.message);
  const report = await buildReport(asked.range, asked.scope);
  const table = report.tables.find((entry) => entry.id === id);
  if (!table) return plain(403, "This table is part of the clinic's report, not a dentist's.");
  return new Response(tableCsv(table), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${id}-${asked.range.from}-to-${asked.range.to}-by-${asked.range.by}.csv"`,
      "cache-control": PRIVATE_NO_STORE,
    },
  });
}
