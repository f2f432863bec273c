import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  data,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-pages";
import {
  fieldClass,
  labelClass,
  RefusalSummary,
  SettingField,
  SettingsSection,
  type SectionRefusal,
} from "~/components/staff/setting-field";
import { StaffScreenHeader, Timestamp } from "~/components/staff-kit";
import { getClinicClock } from "~/models/settings/clinic-settings.server";
import { changeRecall, getRecall, noteRecallCall } from "~/models/recall/patient-recalls.server";
import { formatDate, formatTime } from "~/utils/clinic-format";
import { formAction, formPageHeaders } from "~/http/form-action.server";
import type { StaffHandle } from "~/models/permissions";
import { invalid } from "~/utils/result";
import { readPatients } from "~/models/patients/access.server";
import { tooManyReads } from "~/http/http.server";
import { requireStaffPage, staffActor } from "~/http/roles.server";
import { redirectWithToast } from "~/http/toast.server";
import { CALL_NOTE_LIMIT, CALL_OUTCOMES, RECALL_MESSAGES } from "~/validation/recall";

export const handle: StaffHandle = { permission: "recall.manage" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireStaffPage(request, handle.permission);
  const [found, clock] = await Promise.all([getRecall(params.id ?? ""), getClinicClock()]);
  if (!found) throw data({ message: RECALL_MESSAGES.unknownRecall }, { status: 404 });
  const { recall, bookedFor } = found;
  // The page shows the patient's phone and e-mail: a read of their contact details (ADR 043).
  const refused = await readPatients(staffActor(user), {
    patientIds: [recall.userId],
    action: "patient.view",
    entityType: "recall",
    entityId: recall.id,
    summary: "Opened the patient's recall",
  });
  if (refused) throw tooManyReads(refused);
  return {
    clock,
    bookedFor,
    recall: {
      id: recall.id,
      patient: recall.user,
      optedOut: recall.user.recallOptOut !== null,
      type: { name: recall.recallType.name, intervalMonths: recall.recallType.intervalMonths },
      service: recall.service,
      dentist: recall.dentist,
      intervalMonths: recall.intervalMonths,
      dueDate: recall.dueDate,
      lastVisitDate: recall.lastVisitDate,
      nextInvitationOn: recall.nextInvitationOn,
      invitations: recall.invitations.map((invitation) => ({
        id: invitation.id,
        step: invitation.step,
        sentAt: invitation.sentAt.toISOString(),
        converted: invitation.convertedAt !== null,
      })),
      calls: recall.calls.map((call) => ({
        id: call.id,
        at: call.at.toISOString(),
        outcome: CALL_OUTCOMES[call.outcome as keyof typeof CALL_OUTCOMES] ?? call.outcome,
        note: call.note,
      })),
    },
  };
}

export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
    access: handle.permission,
    keep: "all",
    task: "Changing a recall",
    handler: async ({ params, form, actor }) => {
      const id = params.id ?? "";
      if (form.intent === "change") {
        const result = await changeRecall(id, form, actor);
        if (!result.ok) return result;
        return redirectWithToast(`/staff/recall/${id}`, {
          type: "success",
          message: `The recall is now due on ${result.dueDate}.`,
        });
      }
      if (form.intent === "call") {
        const result = await noteRecallCall(id, form, actor);
        if (!result.ok) return result;
        return redirectWithToast(`/staff/recall/${id}`, {
          type: "success",
          message: `The call is noted: ${result.outcome}.`,
        });
      }
      return invalid("Please choose what to do with the recall.");
    },
  });

export const headers = formPageHeaders;

export const meta: MetaFunction = () => [
  { title: "Recall | Clinic | Dental Clinic" },
  { name: "robots", content: "noindex" },
];

export default function RecallPage() {
  const { recall, bookedFor, clock } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const refusalFor = (intent: string): SectionRefusal =>
    answer?.values.intent === intent ? answer : null;
  const bookParams = new URLSearchParams({
    patient: recall.patient.id,
    ...(recall.service ? { service: recall.service.id } : {}),
    ...(recall.dentist ? { dentist: recall.dentist.id } : {}),
  });
  const callRefusal = refusalFor("call");
  return (
    <div className="space-y-6">
      <p>
        <Link to="/staff/recall" className="text-brand-700 underline">
          Back to the recall list
        </Link>
      </p>
      <StaffScreenHeader title={`${recall.type.name} recall: ${recall.patient.name}`}>
        Due on {formatDate(recall.dueDate, clock)}
        {recall.lastVisitDate
          ? `, from the visit on ${formatDate(recall.lastVisitDate, clock)}`
          : ""}
        .
      </StaffScreenHeader>
      <RefusalSummary refusal={answer ?? null} />
      <dl className="grid gap-x-6 gap-y-2 rounded-lg border border-slate-200 bg-white p-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-semibold text-slate-900">Phone</dt>
          <dd>{recall.patient.phone || "None given"}</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">E-mail</dt>
          <dd>{recall.patient.email}</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">Usual dentist</dt>
          <dd>{recall.dentist?.name ?? "None yet"}</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">Invitations</dt>
          <dd>
            {recall.optedOut
              ? "The patient asked for no recall invitations."
              : recall.nextInvitationOn
                ? `Next on ${formatDate(recall.nextInvitationOn, clock)}`
                : "None planned"}
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">Booked</dt>
          <dd>
            {bookedFor
              ? `${formatDate(bookedFor.date, clock)}, ${formatTime(bookedFor.time, clock)}`
              : "Not yet"}
          </dd>
        </div>
      </dl>
      {bookedFor ? null : (
        <p>
          <Link to={`/staff/bookings/new?${bookParams}`} className="btn-primary">
            Book {recall.service?.name ?? "a visit"}
          </Link>
        </p>
      )}

      <SettingsSection id="call" title="Note a call" intent="call" refusal={callRefusal}>
        <div>
          <label htmlFor="outcome" className={labelClass}>
            How did it go?
          </label>
          <select
            id="outcome"
            name="outcome"
            className={fieldClass}
            defaultValue={callRefusal?.values.outcome ?? ""}
            aria-invalid={callRefusal?.field === "outcome" || undefined}
            aria-describedby={callRefusal?.field === "outcome" ? "call-error" : undefined}
          >
            <option value="">Choose</option>
            {Object.entries(CALL_OUTCOMES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="note" className={labelClass}>
            Note (optional)
          </label>
          <textarea
            id="note"
            name="note"
            rows={2}
            maxLength={CALL_NOTE_LIMIT}
            className={fieldClass}
            defaultValue={callRefusal?.values.note ?? ""}
          />
        </div>
      </SettingsSection>

      <SettingsSection
        id="change"
        title="Interval and due date"
        intent="change"
        refusal={refusalFor("change")}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <SettingField
            name="intervalMonths"
            need="optional"
            label="This patient's interval (months)"
            inputMode="numeric"
            stored={recall.intervalMonths === null ? "" : String(recall.intervalMonths)}
            help={`Empty: the type's ${recall.type.intervalMonths} months. A new interval moves the due date from the last visit.`}
          />
          <SettingField
            name="dueDate"
            need="required"
            label="Due date"
            type="date"
            stored={recall.dueDate}
            help="A new due date starts the invitations over."
          />
        </div>
      </SettingsSection>

      <section aria-labelledby="history-heading" className="space-y-3">
        <h2 id="history-heading" className="text-lg font-semibold text-slate-900">
          Invitations and calls
        </h2>
        {recall.invitations.length + recall.calls.length === 0 ? (
          <p className="text-slate-700">No invitation or call yet.</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white text-sm">
            {recall.invitations.map((invitation) => (
              <li key={invitation.id} className="p-3">
                <Timestamp iso={invitation.sentAt} />: invitation {invitation.step} sent
                {invitation.converted ? "; the patient booked through it" : ""}
              </li>
            ))}
            {recall.calls.map((call) => (
              <li key={call.id} className="p-3">
                <Timestamp iso={call.at} />: call, {call.outcome.toLowerCase()}
                {call.note ? `: ${call.note}` : ""}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
