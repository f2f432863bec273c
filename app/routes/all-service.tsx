import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ServiceFilters } from "~/components/service-filters";
import { ServicesList } from "~/components/services-list";
import { getCatalog } from "~/models/services/catalog.server";
import { filterToQuery, isFiltering } from "~/data/catalog-filter";
import { publicPageHeaders } from "~/http/page-headers.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const catalog = await getCatalog(new URL(request.url).searchParams);
  return data(catalog, { status: catalog.filterError ? 400 : 200 });
}

// The same for every visitor who is not signed in (app/http/page-headers.server.ts).
export const headers = publicPageHeaders;

export const meta: MetaFunction = () => [
  { title: "All Services | Dental Clinic" },
  {
    name: "description",
    content:
      "Every treatment the clinic offers, from check-ups to implants, with prices. Filter by category and price range.",
  },
];

export default function AllServices() {
  const catalog = useLoaderData<typeof loader>();
  const filtering = isFiltering(catalog.filter);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">All Services</h1>
      <div className="mt-8 grid gap-8 lg:grid-cols-[16rem_1fr]">
        <aside aria-label="Filters" className="lg:self-start">
          <ServiceFilters filter={catalog.filter} action="/all-service" />
        </aside>
        <section id="services" aria-labelledby="services-heading">
          <h2 id="services-heading" className="sr-only">
            Services
          </h2>
          {catalog.filterError ? (
            <p
              role="alert"
              className="form-error rounded-md bg-red-50 p-3"
              data-testid="filter-error"
            >
              {catalog.filterError}.{" "}
              <Link to="/all-service" className="underline">
                Show every service
              </Link>
            </p>
          ) : null}
          {filtering ? (
            <p className="text-sm text-slate-700" data-testid="filter-summary">
              {catalog.total} {catalog.total === 1 ? "service matches" : "services match"} your
              filters.
            </p>
          ) : null}
          <ServicesList
            key={`${filterToQuery(catalog.filter)}|${catalog.pages}`}
            services={catalog.services}
            pages={catalog.pages}
            firstPage={catalog.firstPage}
            total={catalog.total}
            filter={catalog.filter}
            basePath="/all-service"
            eagerCount={3}
          />
        </section>
      </div>
    </div>
  );
}
