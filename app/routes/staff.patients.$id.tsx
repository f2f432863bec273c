import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  data,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-pages";
import { EmailLink, PhoneLink } from "~/components/staff-kit";
import { PatientAlerts } from "~/components/staff/patient-alerts";
import { PatientDetailsForm } from "~/components/staff/patient-details-form";
import { PatientFamily } from "~/components/staff/patient-family";
import { PatientVisits } from "~/components/staff/patient-visits";
import { ReadLimitNotice } from "~/components/staff/read-limit-notice";
import { SentMessages, TextConsentPanel } from "~/components/staff/sent-messages";
import { recordDeskConsent, sentMessages, textConsentOf } from "~/models/sms/patient-texts.server";
import { getClinicClock } from "~/models/settings/clinic-settings.server";
import { patientCard } from "~/models/patients/card.server";
import { familyOnCard, linkGuardian, unlinkGuardian } from "~/models/family/desk.server";
import { offerOwnAccount } from "~/models/family/own-account.server";
import { updatePatientDetails } from "~/models/patients/edit.server";
import { CONTACT_HIDDEN_MESSAGE } from "~/models/patients/need-to-know";
import { STATUS_LABELS } from "~/models/booking/appointment-status";
import { formatDate } from "~/utils/clinic-format";
import { clinicNow } from "~/utils/clinic-time";
import { formAction, formPageHeaders } from "~/http/form-action.server";
import { hasPermission, type StaffHandle } from "~/models/permissions";
import { invalid, retryAfterHeaders } from "~/utils/result";
import { requireStaffPage, staffActor } from "~/http/roles.server";
import { redirectWithToast } from "~/http/toast.server";

export const handle: StaffHandle = { permission: "patients.view" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireStaffPage(request, handle.permission);
  const [card, clock] = await Promise.all([
    patientCard(staffActor(user), params.id ?? ""),
    getClinicClock(),
  ]);
  if (!card) throw data({ message: "There is no such patient." }, { status: 404 });
  if ("ok" in card) {
    return data(
      {
        card: null,
        refusal: card.message,
        clock,
        labels: STATUS_LABELS,
        today: "",
        book: false,
        family: null,
      },
      { status: card.status, headers: retryAfterHeaders(card) },
    );
  }
  // Messages and the mobile are contact details: shown only with them (ADR 043).
  const [sent, texts] = card.details
    ? await Promise.all([sentMessages({ userId: card.patient.id }), textConsentOf(card.patient.id)])
    : [[], null];
  return {
    card,
    sent,
    texts,
    family: await familyOnCard(card.patient.id),
    refusal: null,
    clock,
    labels: STATUS_LABELS,
    today: clinicNow(new Date(), clock.timeZone).date,
    book: hasPermission(user, "appointments.book"),
  };
}

export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
    // Every staff role opens the card; the model lets only patients.edit change it.
    access: handle.permission,
    keep: "all",
    task: "Changing a patient's details",
    handler: async ({ params, form, actor }) => {
      const id = params.id ?? "";
      if (form.intent === "texts") {
        const result = await recordDeskConsent(actor, id, form);
        if (!result.ok) return result;
        return redirectWithToast(`/staff/patients/${id}`, {
          type: "success",
          message: result.message,
        });
      }
      // The family: a link to a guardian made or ended, an account of their own given.
      const family =
        form.intent === "link-guardian"
          ? await linkGuardian(actor, id, form)
          : form.intent === "unlink-guardian"
            ? await unlinkGuardian(actor, id, form.linkId ?? "")
            : form.intent === "own-account"
              ? await offerOwnAccount({ kind: "staff", actor }, id, form)
              : null;
      if (family) {
        if (!family.ok) return family;
        return redirectWithToast(`/staff/patients/${id}`, {
          type: "success",
          message: family.message,
        });
      }
      if (form.intent !== "details") return invalid("Please choose what to change.");
      const result = await updatePatientDetails(actor, id, form);
      if (!result.ok) return result;
      return redirectWithToast(`/staff/patients/${id}`, {
        type: "success",
        message:
          result.changed.length > 0
            ? `Saved: ${result.changed.join(", ")}.`
            : "Nothing was changed.",
      });
    },
  });

export const headers = formPageHeaders;

export const meta: MetaFunction = () => [
  { title: "Patient | Dental Clinic" },
  { name: "robots", content: "noindex" },
];

export default function PatientCardPage() {
  const data = useLoaderData<typeof loader>();
  const { card, family, refusal, clock, labels, today, book } = data;
  const actionData = useActionData<typeof action>();
  const textsRefusal = actionData?.values?.intent === "texts" ? actionData : null;
  if (!card) {
    return (
      <section className="space-y-4">
        <h1 className="text-2xl font-bold text-slate-900">Patient</h1>
        <ReadLimitNotice message={refusal ?? ""} />
      </section>
    );
  }
  const { patient, details } = card;
  const familyRefusal = !["details", "texts"].includes(actionData?.values.intent ?? "details");
  return (
    <section className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">{patient.name}</h1>
      {details ? (
        <>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-slate-800">
            <dt className="font-semibold">E-mail</dt>
            <dd>
              {patient.noEmail ? (
                "No e-mail address: the clinic mails nothing to this patient."
              ) : (
                <EmailLink email={details.email} />
              )}
            </dd>
            <dt className="font-semibold">Phone</dt>
            <dd>
              <PhoneLink phone={details.phone} />
            </dd>
            <dt className="font-semibold">Date of birth</dt>
            <dd>{details.dateOfBirth ? formatDate(details.dateOfBirth, clock) : "Not given"}</dd>
            <dt className="font-semibold">Address</dt>
            <dd className="whitespace-pre-line">{details.address || "Not given"}</dd>
            <dt className="font-semibold">Account</dt>
            <dd>
              {patient.hasAccount
                ? "Signs in online"
                : "Record made by the clinic (no password yet)"}
            </dd>
          </dl>
          <PatientAlerts alerts={details} />
          {details.staffNote ? (
            <section aria-labelledby="note-heading">
              <h2 id="note-heading" className="font-semibold text-slate-900">
                The clinic&apos;s note
              </h2>
              <p className="whitespace-pre-line text-slate-800">{details.staffNote}</p>
            </section>
          ) : null}
        </>
      ) : (
        <p className="text-slate-700" data-testid="contact-hidden">
          {CONTACT_HIDDEN_MESSAGE}
        </p>
      )}
      <p className="flex flex-wrap gap-2">
        {book ? (
          <Link to={`/staff/bookings/new?patient=${patient.id}`} className="btn-primary">
            Book for {patient.name}
          </Link>
        ) : null}
        {card.may.merge ? (
          <Link to={`/staff/patients/${patient.id}/merge`} className="btn-secondary">
            Merge a duplicate into this record
          </Link>
        ) : null}
      </p>
      {family ? (
        <PatientFamily
          family={family}
          name={patient.name}
          edit={card.may.edit}
          book={book}
          values={actionData?.values}
          error={familyRefusal ? actionData?.error : null}
        />
      ) : null}
      <PatientVisits title="Upcoming visits" visits={card.upcoming} clock={clock} labels={labels} />
      {card.cancelled.length > 0 ? (
        <PatientVisits
          title="Cancelled visits that were ahead"
          visits={card.cancelled}
          clock={clock}
          labels={labels}
        />
      ) : null}
      <PatientVisits title="Past visits" visits={card.past} clock={clock} labels={labels} />
      {"texts" in data && data.texts ? (
        <>
          <TextConsentPanel
            view={data.texts}
            editable={card.may.edit}
            error={textsRefusal?.error ?? null}
          />
          <SentMessages lines={data.sent} title="Messages sent" />
        </>
      ) : null}
      {card.may.edit && details ? (
        <section aria-labelledby="edit-heading" className="space-y-3">
          <h2 id="edit-heading" className="text-lg font-semibold text-slate-900">
            Change details
          </h2>
          <PatientDetailsForm
            stored={{ name: patient.name, ...details }}
            refusal={familyRefusal || textsRefusal ? null : (actionData ?? null)}
            today={today}
            signsIn={patient.hasAccount}
          />
        </section>
      ) : null}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
