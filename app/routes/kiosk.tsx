import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-pages";
import { FormError } from "~/components/form-error";
import { FieldLabel, needAttributes } from "~/components/field-label";
import { FormFill } from "~/components/forms/form-fill";
import { formAction, tokenPageHeaders } from "~/http/form-action.server";
import { kioskCookieHeader, kioskToken, signingClient } from "~/http/forms.server";
import { answerField, fieldValue } from "~/models/forms/answers";
import {
  confirmKiosk,
  fillingKiosk,
  KIOSK_MESSAGES,
  kioskScreen,
  lockKiosk,
  pairKiosk,
} from "~/models/forms/kiosk.server";
import { formToFill, submitForm } from "~/models/forms/submit.server";
import { invalid } from "~/utils/result";

/**
 * The desk's tablet (docs/decisions/050-medical-history-and-consent-forms.md): locked until
 * the code reception reads out is typed, then the patient's name and date of birth, then
 * their forms for this visit one after another, then locked again. It shows no header, no
 * footer and no link anywhere, and reads no staff session: its own cookie is all it knows.
 */
export const handle = { kiosk: true };

const PATH = "/kiosk";

export async function loader({ request }: LoaderFunctionArgs) {
  const done = new URL(request.url).searchParams.has("done");
  const screen = await kioskScreen(await kioskToken(request));
  if (screen.status !== "filling") return { screen: screen.status, done, fill: null };
  const first = screen.forms[0];
  if (!first) return { screen: "nothing" as const, done, fill: null };
  const found = await formToFill({
    userId: null,
    patientId: screen.patientId,
    templateId: first.id,
    appointmentId: screen.appointmentId,
  });
  if (!found.ok) return { screen: "nothing" as const, done, fill: null };
  const { form, answers } = found.fill;
  return {
    screen: "filling" as const,
    done,
    fill: {
      formId: form.id,
      title: form.version.title,
      intro: form.version.intro,
      questions: form.version.questions,
      values: Object.fromEntries(
        form.version.questions.map((q) => [answerField(q), fieldValue(answers[q.id])]),
      ),
      position: { index: 1, count: screen.forms.length },
    },
  };
}

/** Locks the tablet and takes its cookie away; the screen then thanks the patient. */
async function finish(token: string | null) {
  await lockKiosk(token);
  return redirect(`${PATH}?done`, { headers: { "set-cookie": await kioskCookieHeader(null) } });
}

export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
    access: "anyone",
    keep: "all",
    task: "The desk's tablet",
    handler: async ({ request, context, form }) => {
      const token = await kioskToken(request);
      switch (form.intent) {
        case "code": {
          const paired = await pairKiosk(form.code, context);
          if (!paired.ok) return paired;
          return redirect(PATH, {
            headers: { "set-cookie": await kioskCookieHeader(paired.token) },
          });
        }
        case "confirm": {
          const confirmed = await confirmKiosk(token, form);
          if (!confirmed.ok && confirmed.status === 403) return finish(token);
          return confirmed.ok ? redirect(PATH) : confirmed;
        }
        case "sign": {
          const kiosk = await fillingKiosk(token);
          if (!kiosk) return finish(token);
          const signed = await submitForm({
            userId: null,
            patientId: kiosk.patientId,
            templateId: form.formId ?? "",
            appointmentId: kiosk.appointmentId,
            fields: form,
            channel: "desk",
            client: signingClient(request, context),
          });
          if (!signed.ok) return signed;
          const left = await kioskScreen(token);
          return left.status === "filling" && left.forms.length > 0
            ? redirect(PATH)
            : finish(token);
        }
        case "finish":
          return finish(token);
        default:
          return invalid(KIOSK_MESSAGES.locked);
      }
    },
  });

export const headers = tokenPageHeaders;

export const meta: MetaFunction = () => [
  { title: "Your forms | Dental Clinic" },
  { name: "robots", content: "noindex" },
];

const input =
  "block w-full rounded-md border border-slate-500 bg-white px-3 py-2 text-lg text-slate-900 aria-invalid:border-red-700";

function Locked({ done, error }: { done: boolean; error: string | null }) {
  return (
    <div className="space-y-6" data-testid="kiosk-locked">
      {done ? (
        <p className="rounded-lg border border-green-700 bg-green-50 p-4 text-lg text-green-950">
          Thank you. Please hand the tablet back to reception.
        </p>
      ) : null}
      <h1 className="text-2xl font-bold text-slate-900">This screen is locked</h1>
      <p className="text-slate-800">Reception gives you a code to fill in your forms here.</p>
      <Form method="post" noValidate className="max-w-xs space-y-3">
        <input type="hidden" name="intent" value="code" />
        <FieldLabel htmlFor="code" need="required" className="font-medium text-slate-900">
          Code from reception
        </FieldLabel>
        <input
          {...needAttributes("required")}
          id="code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          className={input}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "form-error" : undefined}
        />
        <FormError message={error} />
        <button type="submit" className="btn-primary">
          Open
        </button>
      </Form>
    </div>
  );
}

function Confirm({ error, field }: { error: string | null; field: string | null }) {
  return (
    <div className="space-y-6" data-testid="kiosk-confirm">
      <h1 className="text-2xl font-bold text-slate-900">Please tell us who you are</h1>
      <p className="text-slate-800">
        Type your full name and your date of birth as the clinic has them.
      </p>
      <Form method="post" noValidate className="max-w-md space-y-4">
        <input type="hidden" name="intent" value="confirm" />
        <div>
          <FieldLabel htmlFor="name" need="required" className="font-medium text-slate-900">
            Your full name
          </FieldLabel>
          <input
            {...needAttributes("required")}
            id="name"
            name="name"
            autoComplete="off"
            className={input}
            aria-invalid={field === "name" || undefined}
            aria-describedby={field === "name" ? "form-error" : undefined}
          />
        </div>
        <div>
          <FieldLabel htmlFor="dateOfBirth" need="required" className="font-medium text-slate-900">
            Your date of birth
          </FieldLabel>
          <input
            {...needAttributes("required")}
            id="dateOfBirth"
            name="dateOfBirth"
            type="date"
            autoComplete="off"
            className={`${input} max-w-xs`}
            aria-invalid={field === "dateOfBirth" || undefined}
            aria-describedby={field === "dateOfBirth" ? "form-error" : undefined}
          />
        </div>
        <FormError message={error} />
        <button type="submit" className="btn-primary">
          Continue
        </button>
      </Form>
    </div>
  );
}

function FinishButton({ label = "Finish and lock the screen" }: { label?: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="finish" />
      <button type="submit" className="btn-secondary">
        {label}
      </button>
    </Form>
  );
}

export default function Kiosk() {
  const { screen, done, fill } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>() ?? null;
  const navigation = useNavigation();
  const error = refusal && "error" in refusal ? refusal : null;
  return (
    <section className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      {screen === "locked" ? <Locked done={done} error={error?.error ?? null} /> : null}
      {screen === "confirming" ? (
        <Confirm error={error?.error ?? null} field={error?.field ?? null} />
      ) : null}
      {screen === "nothing" ? (
        <div className="space-y-4">
          <h1 className="text-2xl font-bold text-slate-900">Nothing to fill in</h1>
          <p className="text-slate-800">Your forms for this visit are done. Thank you.</p>
          <FinishButton label="Finish" />
        </div>
      ) : null}
      {screen === "filling" && fill ? (
        <div className="space-y-4" data-testid="kiosk-form">
          <p className="text-sm font-semibold text-slate-700">
            Form {fill.position.index} of {fill.position.count}
          </p>
          <h1 className="text-2xl font-bold text-slate-900">{fill.title}</h1>
          <FormFill
            title={fill.title}
            intro={fill.intro}
            questions={fill.questions}
            values={fill.values}
            refusal={error}
            hidden={{ intent: "sign", formId: fill.formId }}
            busy={navigation.state === "submitting"}
          />
          <FinishButton />
        </div>
      ) : null}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
