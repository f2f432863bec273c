import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-pages";
import { FormFill } from "~/components/forms/form-fill";
import { requirePageUser } from "~/http/auth.server";
import { formAction, formPageHeaders } from "~/http/form-action.server";
import { pageRefusal, signingClient } from "~/http/forms.server";
import { redirectWithToast } from "~/http/toast.server";
import { answerField, fieldValue } from "~/models/forms/answers";
import { formToFill, submitForm } from "~/models/forms/submit.server";
import { getClinicClock } from "~/models/settings/clinic-settings.server";
import { formatDateTime } from "~/utils/clinic-format";

/**
 * Filling a form online (docs/decisions/050-medical-history-and-consent-forms.md): the link
 * in the confirmation and the first reminder opens the first form due for the visit
 * (`?visit=`), pre-filled with the patient's last answers; signing it opens the next one
 * due, and the last leads back to My appointments. `?patient=` names a patient whose forms
 * the user may fill (a guardian's child), by default themself.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePageUser(request);
  const query = new URL(request.url).searchParams;
  const found = await formToFill({
    userId: user.id,
    patientId: query.get("patient") || user.id,
    templateId: params.id ?? "",
    appointmentId: query.get("visit"),
  });
  if (!found.ok) throw pageRefusal(found);
  const { form, patient, appointment, answers, position } = found.fill;
  const clock = await getClinicClock();
  return {
    title: form.version.title,
    version: form.version.number,
    intro: form.version.intro,
    questions: form.version.questions,
    values: Object.fromEntries(
      form.version.questions.map((question) => [
        answerField(question),
        fieldValue(answers[question.id]),
      ]),
    ),
    prefilled: Object.keys(answers).length > 0,
    patient: { id: patient.id, name: patient.name, self: patient.id === user.id },
    visit: appointment ? formatDateTime(appointment.date, appointment.time, clock) : null,
    hidden: { patient: patient.id, visit: appointment?.id ?? "" },
    position,
  };
}

export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
    access: "signed in",
    keep: "all",
    task: "Signing a form",
    handler: async ({ request, params, context, form, user }) => {
      const result = await submitForm({
        userId: user.id,
        patientId: form.patient || user.id,
        templateId: params.id ?? "",
        appointmentId: form.visit || null,
        fields: form,
        channel: "online",
        client: signingClient(request, context),
      });
      if (!result.ok) return result;
      const next = result.next;
      const query = (entry: NonNullable<typeof next>) =>
        new URLSearchParams({
          visit: entry.appointment.id,
          ...(entry.patientId === user.id ? {} : { patient: entry.patientId }),
        });
      return redirectWithToast(
        next ? `/user/forms/${encodeURIComponent(next.form.id)}?${query(next)}` : "/user/forms",
        { type: "success", message: result.message },
      );
    },
  });

export const headers = formPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.title ?? "Form"} | Dental Clinic` },
  { name: "robots", content: "noindex" },
];

export default function FillForm() {
  const loaded = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>() ?? null;
  const navigation = useNavigation();
  return (
    <section className="mx-auto max-w-3xl space-y-6 px-4 py-12">
      <p>
        <Link to="/user/forms" className="text-brand-700 underline">
          All my forms
        </Link>
      </p>
      <header className="space-y-1">
        {loaded.position ? (
          <p className="text-sm font-semibold text-slate-700">
            Form {loaded.position.index} of {loaded.position.count}
          </p>
        ) : null}
        <h1 className="text-2xl font-bold text-slate-900">{loaded.title}</h1>
        <p className="text-slate-700">
          {loaded.patient.self ? "For you" : `For ${loaded.patient.name}`}
          {loaded.visit ? `, before the visit on ${loaded.visit}` : ""}. Version {loaded.version}.
        </p>
        {loaded.prefilled ? (
          <p className="text-slate-700" data-testid="prefilled">
            We filled in your last answers: please check them and change what is different now.
          </p>
        ) : null}
      </header>
      <FormFill
        title={loaded.title}
        intro={loaded.intro}
        questions={loaded.questions}
        values={loaded.values}
        refusal={refusal && "error" in refusal ? refusal : null}
        hidden={loaded.hidden}
        busy={navigation.state === "submitting"}
      />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
