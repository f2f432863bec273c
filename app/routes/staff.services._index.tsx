import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-pages";
import { ServiceStatusBadge } from "~/components/service-standing";
import { PageLinks, StaffScreenHeader, ColumnHeadings } from "~/components/staff-kit";
import { listServicesForStaff } from "~/models/services/admin.server";
import { formatDuration } from "~/utils/clinic-format";
import { formatPrice } from "~/utils/format";
import { requireStaffPage } from "~/http/roles.server";
import {
  SERVICE_STATUS_LABELS,
  STAFF_SERVICE_FILTERS,
  staffServiceFilterOf,
  type StaffServiceFilter,
} from "~/models/services/status";
import type { StaffHandle } from "~/models/permissions";

const PATH = "/staff/services";
export const handle: StaffHandle = { permission: "services.manage" };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaffPage(request, handle.permission);
  const url = new URL(request.url);
  const filter = staffServiceFilterOf(url.searchParams.get("status"));
  const { services, next } = await listServicesForStaff({
    filter,
    cursor: url.searchParams.get("before"),
  });
  const link = (before?: string) => {
    const params = new URLSearchParams();
    if (filter !== "all") params.set("status", filter);
    if (before) params.set("before", before);
    const search = params.toString();
    return search ? `${PATH}?${search}` : PATH;
  };
  return {
    services,
    filter,
    older: next ? link(next) : null,
    first: url.searchParams.has("before") ? link() : null,
  };
}

export const meta: MetaFunction = () => [
  { title: "Services | Clinic | Dental Clinic" },
  { name: "robots", content: "noindex" },
];

const FILTER_LABELS: Record<StaffServiceFilter, string> = {
  all: "All services",
  ...SERVICE_STATUS_LABELS,
  hidden: "Hidden",
};

export default function StaffServices() {
  const { services, filter, older, first } = useLoaderData<typeof loader>();
  return (
    <section>
      <StaffScreenHeader title="Services">
        Every service, newest first, including hidden ones and those patients added. Open one to
        change its price, length, buffer, picture, category, who performs it or whether the site
        shows it.
      </StaffScreenHeader>
      <p className="mb-6">
        <Link to={`${PATH}/new`} className="btn-primary">
          Add a service
        </Link>
      </p>
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="status-filter" className="field-label">
            Show
          </label>
          <select id="status-filter" name="status" defaultValue={filter} className="field-input">
            {STAFF_SERVICE_FILTERS.map((value) => (
              <option key={value} value={value}>
                {FILTER_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-secondary">
          Show
        </button>
      </Form>
      {services.length > 0 ? (
        <div className="mt-6 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Services</caption>
            <ColumnHeadings
              className="border-b border-slate-300 text-slate-700"
              cellClassName="py-2 pr-3"
              columns={["Service", "Category", "Price", "Length", "Status"]}
            />
            <tbody>
              {services.map((service) => (
                <tr
                  key={service.id}
                  className="border-b border-slate-200"
                  data-testid="staff-service"
                >
                  <td className="py-2 pr-3">
                    <Link
                      to={`${PATH}/${service.id}`}
                      className="font-medium text-brand-700 underline"
                    >
                      {service.name}
                    </Link>
                  </td>
                  <td className="py-2 pr-3">{service.category}</td>
                  <td className="py-2 pr-3">{formatPrice(service.priceCents)}</td>
                  <td className="py-2 pr-3">
                    {formatDuration(service.durationMinutes)}
                    {service.bufferMinutes > 0 ? ` + ${service.bufferMinutes} min buffer` : ""}
                  </td>
                  <td className="py-2 pr-3">
                    <ServiceStatusBadge standing={service} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="mt-6 text-slate-700">No service matches.</p>
      )}
      <PageLinks first={first} older={older} />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
