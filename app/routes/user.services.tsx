import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ServiceStatusBadge } from "~/components/service-standing";
import { servicesAddedBy } from "~/models/services/catalog.server";
import { requirePageUser } from "~/http/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePageUser(request);
  return { services: await servicesAddedBy(user.id) };
}

export const meta: MetaFunction = () => [
  { title: "My services | Dental Clinic" },
  { name: "description", content: "The services you added and whether they are published." },
];

export default function MyServices() {
  const { services } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-2xl font-bold text-slate-900">My services</h1>
      <p className="mt-2 text-slate-700">
        The services you added. The clinic reviews each one before it appears on the site.
      </p>
      {services.length > 0 ? (
        <ul className="mt-6 space-y-3" aria-label="Services you added">
          {services.map((service) => (
            <li
              key={service.id}
              className="rounded-lg border border-slate-200 bg-white p-4"
              data-testid="added-service"
            >
              <p className="flex flex-wrap items-center gap-2">
                <Link
                  to={`/product/${service.slug}`}
                  className="font-semibold text-brand-700 underline"
                >
                  {service.name}
                </Link>
                <ServiceStatusBadge standing={service} />
              </p>
              {service.reason ? (
                <p className="mt-2 text-sm text-slate-800" data-testid="rejection-reason">
                  Reason: {service.reason}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-6 text-slate-700">
          You have not added a service yet.{" "}
          <Link to="/add-services" className="text-brand-700 underline">
            Add Service
          </Link>
        </p>
      )}
    </section>
  );
}
