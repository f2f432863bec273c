import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { FormCard } from "~/components/form-kit";
import { timesNextTo } from "~/models/family/next-visit.server";
import { getClinicClock } from "~/models/settings/clinic-settings.server";
import { requirePageUser } from "~/http/auth.server";
import { formatDateTime, formatTime } from "~/utils/clinic-format";

/**
 * After a family's booking: "Book another family member" at the times next to it
 * (docs/decisions/049-families.md). Each offer opens the booking form filled in for them.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePageUser(request);
  const after = new URL(request.url).searchParams.get("after")?.slice(0, 64) ?? "";
  const [found, clock] = await Promise.all([timesNextTo(user, after), getClinicClock()]);
  if (!found.ok) throw data({ message: found.message }, { status: found.status });
  const { visit, others, offers } = found;
  return { visit, others, offers, clock };
}

export const meta: MetaFunction = () => [
  { title: "Book another family member | Dental Clinic" },
  { name: "robots", content: "noindex" },
];

export default function BookAnother() {
  const { visit, others, offers, clock } = useLoaderData<typeof loader>();
  const form = (patient: string, query: Record<string, string>) =>
    `/make-appointment?${new URLSearchParams({ ...(patient ? { patient } : {}), service: visit.service.id, ...query })}`;
  return (
    <FormCard title="Book another family member">
      <p className="text-slate-800" data-testid="booked-visit">
        Booked: {visit.forName ? `${visit.forName}'s ` : "your "}
        {visit.service.name} on {formatDateTime(visit.date, visit.time, clock)} with {visit.dentist}
        .
      </p>
      {others.length === 0 ? (
        <p className="mt-4 text-slate-700">
          <Link to="/user/family" className="text-brand-700 underline">
            Add a family member
          </Link>{" "}
          to book their visit next to yours.
        </p>
      ) : (
        <ul className="mt-6 space-y-6">
          {others.map((person) => (
            <li key={person.id || "me"}>
              <h2 className="font-semibold text-slate-900">
                {person.id ? person.name : `Me (${person.name})`}
              </h2>
              {offers.length === 0 ? (
                <p className="text-sm text-slate-700">Nothing is free right next to it.</p>
              ) : (
                <ul className="mt-1 space-y-1">
                  {offers.map((offer) => (
                    <li key={`${offer.dentistId}-${offer.time}`}>
                      <Link
                        to={form(person.id, {
                          dentist: offer.dentistId,
                          date: offer.date,
                          time: offer.time,
                        })}
                        className="text-brand-700 underline"
                      >
                        {formatTime(offer.time, clock)}: {offer.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
              <p className="mt-1 text-sm">
                <Link to={form(person.id, {})} className="text-brand-700 underline">
                  Another time for {person.id ? person.name : "me"}
                </Link>
              </p>
            </li>
          ))}
        </ul>
      )}
      <Link to="/" className="btn-secondary mt-8 w-full">
        Done
      </Link>
    </FormCard>
  );
}
