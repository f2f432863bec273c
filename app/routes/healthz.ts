import { healthReport } from "~/infra/health.server";

// In production the Express server answers /healthz before this route is reached
// (server/index.ts); both answer the same report.
export async function loader() {
  const { httpStatus, report } = await healthReport();
  return Response.json(report, { status: httpStatus, headers: { "cache-control": "no-store" } });
}
