import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-pages";
import { StaffScreenHeader, ColumnHeadings } from "~/components/staff-kit";
import { getClinicClock } from "~/models/settings/clinic-settings.server";
import { recallList, type RecallRow } from "~/models/recall/patient-recalls.server";
import { recallFilterChoices } from "~/models/recall/recall-types.server";
import { formatDate, formatTime } from "~/utils/clinic-format";
import { readPatients } from "~/models/patients/access.server";
import { tooManyReads } from "~/http/http.server";
import { requireStaffPage, staffActor } from "~/http/roles.server";
import type { StaffHandle } from "~/models/permissions";

export const handle: StaffHandle = { permission: "recall.manage" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStaffPage(request, handle.permission);
  const url = new URL(request.url);
  const param = (name: string) => url.searchParams.get(name)?.trim().slice(0, 60) || null;
  const [choices, clock] = await Promise.all([recallFilterChoices(), getClinicClock()]);
  // Only the choices offered count: anything else shows the whole list.
  const dentistId = choices.dentists.some((d) => d.id === param("dentist"))
    ? param("dentist")
    : null;
  const typeId = choices.types.some((t) => t.id === param("type")) ? param("type") : null;
  const list = await recallList({ dentistId, typeId });
  // The list shows each patient's phone: a read of their contact details (ADR 043).
  const patientIds = [...new Set(list.recalls.map((row) => row.patient.id))];
  const refused = await readPatients(staffActor(user), {
    patientIds,
    action: "patient.list",
    entityType: "recall",
    summary: `Read the recall list: contact details of ${patientIds.length} patients`,
  });
  if (refused) throw tooManyReads(refused);
  return { ...list, choices, clock, dentistId, typeId };
}

export const meta: MetaFunction = () => [
  { title: "Recall | Clinic | Dental Clinic" },
  { name: "robots", content: "noindex" },
];

type Clock = Parameters<typeof formatDate>[1];

const GROUPS = [
  { standing: "overdue", title: "Overdue", empty: "Nobody is overdue." },
  { standing: "due", title: "Due this month", empty: "Nobody else is due this month." },
  { standing: "booked", title: "Already booked", empty: "No due patient has booked yet." },
] as const;

function RecallTable({
  rows,
  clock,
  booked,
}: {
  rows: RecallRow[];
  clock: Clock;
  booked: boolean;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <ColumnHeadings
          className="bg-slate-50 text-slate-800"
          cellClassName="p-2"
          columns={[
            "Patient",
            "Recall",
            "Due",
            "Dentist",
            booked ? "Booked for" : "Contact",
            <span key="actions" className="sr-only">
              Actions
            </span>,
          ]}
        />
        <tbody className="divide-y divide-slate-200">
          {rows.map((row) => (
            <tr key={row.id} data-testid="recall-row">
              <td className="p-2">
                <Link
                  to={`/staff/recall/${row.id}`}
                  className="font-semibold text-brand-700 underline"
                >
                  {row.patient.name}
                </Link>
                <span className="block text-slate-700">{row.patient.phone || "no phone"}</span>
              </td>
              <td className="p-2">{row.type.name}</td>
              <td className="p-2">{formatDate(row.dueDate, clock)}</td>
              <td className="p-2">{row.dentist?.name ?? "None yet"}</td>
              <td className="p-2 text-slate-700">
                {row.bookedFor
                  ? `${formatDate(row.bookedFor.date, clock)}, ${formatTime(row.bookedFor.time, clock)}`
                  : [
                      row.optedOut
                        ? "No invitations (asked for none)"
                        : `${row.invitationsSent} ${row.invitationsSent === 1 ? "invitation" : "invitations"} sent`,
                      row.lastCall ? `last call: ${row.lastCall.outcome}` : null,
                    ]
                      .filter(Boolean)
                      .join("; ")}
              </td>
              <td className="p-2">
                {booked ? null : (
                  <span className="flex flex-wrap gap-2">
                    <Link
                      to={`/staff/bookings/new?${new URLSearchParams({
                        patient: row.patient.id,
                        ...(row.service ? { service: row.service.id } : {}),
                        ...(row.dentist ? { dentist: row.dentist.id } : {}),
                      })}`}
                      className="btn-secondary"
                      aria-label={`Book ${row.patient.name}`}
                    >
                      Book
                    </Link>
                    <Link
                      to={`/staff/recall/${row.id}#call`}
                      className="btn-secondary"
                      aria-label={`Note a call to ${row.patient.name}`}
                    >
                      Note a call
                    </Link>
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function RecallScreen() {
  const { recalls, more, choices, clock, dentistId, typeId } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <StaffScreenHeader title="Recall">
        Patients due back for a check-up or hygiene visit. Invitations go out by themselves; phone
        the ones who have not booked, then book them or note the call.
      </StaffScreenHeader>
      <Form
        method="get"
        className="flex flex-wrap items-end gap-3"
        aria-label="Filter the recall list"
      >
        <label className="flex flex-col text-sm font-medium text-slate-800">
          Dentist
          <select name="dentist" defaultValue={dentistId ?? ""} className="field-input">
            <option value="">All dentists</option>
            {choices.dentists.map((dentist) => (
              <option key={dentist.id} value={dentist.id}>
                {dentist.name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-sm font-medium text-slate-800">
          Recall type
          <select name="type" defaultValue={typeId ?? ""} className="field-input">
            <option value="">All types</option>
            {choices.types.map((type) => (
              <option key={type.id} value={type.id}>
                {type.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn-primary">
          Show
        </button>
      </Form>
      {more ? (
        <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-950">
          Only the first {recalls.length} recalls are shown: choose a dentist or a recall type to
          see the rest.
        </p>
      ) : null}
      {GROUPS.map((group) => {
        const rows = recalls.filter((row) => row.standing === group.standing);
        return (
          <section
            key={group.standing}
            aria-labelledby={`${group.standing}-heading`}
            className="space-y-3"
          >
            <h2 id={`${group.standing}-heading`} className="text-lg font-semibold text-slate-900">
              {group.title} ({rows.length})
            </h2>
            {rows.length > 0 ? (
              <RecallTable rows={rows} clock={clock} booked={group.standing === "booked"} />
            ) : (
              <p className="text-slate-700">{group.empty}</p>
            )}
          </section>
        );
      })}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
