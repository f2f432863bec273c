import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-pages";
import { FormError } from "~/components/form-error";
import { StaffScreenHeader } from "~/components/staff-kit";
import { formAction, formPageHeaders } from "~/http/form-action.server";
import { requireStaffPage } from "~/http/roles.server";
import { deskVisit } from "~/models/forms/visit.server";
import { KIOSK_MINUTES, openKiosk } from "~/models/forms/kiosk.server";
import type { StaffHandle } from "~/models/permissions";
import { getClinicClock } from "~/models/settings/clinic-settings.server";
import { formatDateTime, formatStamp } from "~/utils/clinic-format";

export const handle: StaffHandle = { permission: "forms.desk" };

/**
 * "Fill at the desk" (ADR 050): for the visit `?visit=`, reception opens the clinic's tablet
 * for the patient and reads the code out; the tablet (/kiosk) then shows this patient's
 * forms alone and locks itself when they are done.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaffPage(request, handle.permission);
  const visitId = new URL(request.url).searchParams.get("visit") ?? "";
  // Opened from the navigation rather than a visit's page: say where the button is.
  if (!visitId) return { visit: null };
  const visit = await deskVisit(visitId);
  if (!visit) throw data({ message: "There is no such visit." }, { status: 404 });
  const clock = await getClinicClock();
  return { visit: { ...visit, when: formatDateTime(visit.date, visit.time, clock) } };
}

export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
    access: handle.permission,
    task: "Opening the tablet for a patient's forms",
    handler: async ({ form, actor }) => {
      const opened = await openKiosk(actor, form.visit ?? "");
      if (!opened.ok) return opened;
      const clock = await getClinicClock();
      return {
        code: `${opened.code.slice(0, 3)} ${opened.code.slice(3)}`,
        until: formatStamp(opened.expiresAt, clock),
        patient: opened.patient,
      };
    },
  });

export const headers = formPageHeaders;

export const meta: MetaFunction = () => [
  { title: "Fill at the desk | Clinic | Dental Clinic" },
  { name: "robots", content: "noindex" },
];

export default function FillAtTheDesk() {
  const { visit } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  if (!visit) {
    return (
      <div className="max-w-2xl space-y-6">
        <StaffScreenHeader title="Fill at the desk">
          The patient fills in their forms for a visit on the clinic&apos;s tablet. Open the visit
          from the{" "}
          <Link to="/staff" className="text-brand-700 underline">
            diary
          </Link>{" "}
          and choose &ldquo;Fill at the desk&rdquo; on its page.
        </StaffScreenHeader>
      </div>
    );
  }
  return (
    <div className="max-w-2xl space-y-6">
      <p>
        <Link to={`/staff/appointments/${visit.id}`} className="text-brand-700 underline">
          Back to the visit
        </Link>
      </p>
      <StaffScreenHeader title="Fill at the desk">
        {visit.name}, {visit.when}. The patient fills in their forms for this visit on the
        clinic&apos;s tablet: open it here, then type the code on the tablet at /kiosk. It shows
        nothing else, asks the patient&apos;s name and date of birth, and locks itself when they
        finish, after three wrong answers, or after {KIOSK_MINUTES} minutes.
      </StaffScreenHeader>
      {answer && "code" in answer ? (
        <section
          aria-labelledby="code-heading"
          className="rounded-lg border border-green-700 bg-green-50 p-4"
        >
          <h2 id="code-heading" className="text-lg font-semibold text-slate-900">
            Code for the tablet
          </h2>
          <p className="mt-2 font-mono text-4xl font-bold tracking-widest" data-testid="kiosk-code">
            {answer.code}
          </p>
          <p className="mt-2 text-slate-800">
            For {answer.patient}, valid until {answer.until}. Type it once on the tablet.
          </p>
        </section>
      ) : null}
      <Form method="post">
        <input type="hidden" name="visit" value={visit.id} />
        <FormError message={answer && "error" in answer ? answer.error : null} />
        <button type="submit" className="btn-primary mt-3" disabled={busy}>
          {answer && "code" in answer ? "Open it again with a new code" : "Open the tablet"}
        </button>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
