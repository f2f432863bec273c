import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-pages";
import { listTeam } from "~/models/team/dentists.server";

export async function loader() {
  return { team: await listTeam() };
}

export const meta: MetaFunction = () => [
  { title: "Our team | Dental Clinic" },
  {
    name: "description",
    content: "Meet the dentists and hygienists of the clinic, and what each of them treats.",
  },
];

export default function Team() {
  const { team } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">Our team</h1>
      <p className="mt-2 text-slate-700">
        Choose one of them when you book, or let us find whoever is free.
      </p>
      <ul className="mt-8 grid gap-8 md:grid-cols-3">
        {team.map((dentist) => (
          <li
            key={dentist.id}
            id={dentist.slug}
            className="scroll-mt-24 rounded-xl border border-slate-200 bg-white p-6"
            data-testid="team-member"
          >
            <img
              src={dentist.photo}
              alt={`Portrait of ${dentist.name}`}
              width={320}
              height={320}
              className="aspect-square w-full rounded-lg object-cover"
            />
            <h2 className="mt-4 text-xl font-semibold text-slate-900">{dentist.name}</h2>
            <p className="text-sm font-semibold text-brand-700">{dentist.title}</p>
            <p className="mt-3 text-slate-800">{dentist.bio}</p>
            {dentist.services.length > 0 ? (
              <>
                <h3 className="mt-4 text-sm font-semibold text-slate-900">Treats</h3>
                <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm">
                  {dentist.services.map((service) => (
                    <li key={service.id}>
                      <Link to={`/product/${service.slug}`} className="text-brand-700 underline">
                        {service.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
