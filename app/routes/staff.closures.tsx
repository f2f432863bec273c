import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { StackedField } from "~/components/field-label";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-pages";
import {
  SettingField,
  SettingsSection,
  type SectionRefusal,
} from "~/components/staff/setting-field";
import { FormError } from "~/components/form-error";
import { StaffScreenHeader } from "~/components/staff-kit";
import { getClinicClock } from "~/models/settings/clinic-settings.server";
import {
  cancelClosureVisits,
  closureToEmpty,
  closureToRemove,
  createClosure,
  listClosures,
  removeClosure,
  type ClosureRow,
} from "~/models/settings/closures.server";
import { type ClinicClock, formatDateRange } from "~/utils/clinic-format";
import { formAction, formPageHeaders } from "~/http/form-action.server";
import type { StaffHandle } from "~/models/permissions";
import { invalid } from "~/utils/result";
import { requireStaffPage } from "~/http/roles.server";
import { CLOSURE_REASON_LIMIT } from "~/validation/clinic-settings";
import { redirectWithToast } from "~/http/toast.server";

const PATH = "/staff/closures";
export const handle: StaffHandle = { permission: "closures.manage" };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaffPage(request, handle.permission);
  const url = new URL(request.url);
  const [closures, confirm, empty, clock] = await Promise.all([
    listClosures(),
    closureToRemove(url.searchParams.get("remove")),
    closureToEmpty(url.searchParams.get("cancelVisits")),
    getClinicClock(),
  ]);
  return { ...closures, confirm, empty, clock };
}

export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
    access: handle.permission,
    keep: "all",
    task: "Changing the clinic's closures",
    handler: async ({ form, actor }) => {
      if (form.intent === "add") {
        const result = await createClosure(form, actor);
        if (!result.ok) return result;
        const { closure } = result;
        const covered =
          closure.visits > 0
            ? ` It covers ${closure.visits} booked ${closure.visits === 1 ? "visit" : "visits"}: see Needs attention in the diary.`
            : "";
        return redirectWithToast(PATH, {
          type: "success",
          message: `${closure.name} is added.${covered}`,
        });
      }
      if (form.intent === "cancel-visits") {
        const result = await cancelClosureVisits(form, actor);
        if (!result.ok) return result;
        const { cancelled, skipped, closure } = result;
        const left =
          skipped > 0
            ? ` ${skipped} changed meanwhile and ${skipped === 1 ? "was" : "were"} left as ${skipped === 1 ? "it was" : "they were"}.`
            : "";
        return redirectWithToast(PATH, {
          type: "success",
          message: `${cancelled} ${cancelled === 1 ? "visit" : "visits"} on ${closure.name} cancelled; each patient with an e-mail address is told why.${left}`,
        });
      }
      if (form.intent === "remove") {
        const result = await removeClosure(form, actor);
        if (!result.ok) return result;
        return redirectWithToast(PATH, {
          type: "success",
          message: `${result.closure.name} is removed: the clinic is open on those days again.`,
        });
      }
      return invalid("Please choose what to do with the closures.");
    },
  });

export const headers = formPageHeaders;

export const meta: MetaFunction = () => [
  { title: "Closures | Clinic | Dental Clinic" },
  { name: "robots", content: "noindex" },
];

function days(closure: ClosureRow, clock: ClinicClock) {
  return formatDateRange(closure.startDate, closure.endDate, clock);
}

function ClosureList({
  closures,
  clock,
  removable,
}: {
  closures: ClosureRow[];
  clock: ClinicClock;
  removable: boolean;
}) {
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {closures.map((closure) => (
        <li
          key={closure.id}
          className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between"
          data-testid="closure"
        >
          <div>
            <p className="font-semibold text-slate-900">{closure.name}</p>
            <p className="text-sm text-slate-700">{days(closure, clock)}</p>
            {closure.visits > 0 ? (
              <p className="text-sm font-semibold text-red-800">
                {closure.visits} booked {closure.visits === 1 ? "visit falls" : "visits fall"} on
                these days.{" "}
                <Link
                  to={`/staff?date=${closure.startDate}#attention-heading`}
                  className="text-brand-700 underline"
                >
                  See Needs attention in the diary
                </Link>
              </p>
            ) : null}
          </div>
          <div className="flex shrink-0 flex-wrap gap-2">
            {removable && closure.visits > 0 ? (
              <Link
                to={`?cancelVisits=${closure.id}#cancel-visits-heading`}
                className="btn-secondary"
                aria-label={`Cancel them all and tell the patients: ${closure.name}`}
              >
                Cancel them all and tell the patients
              </Link>
            ) : null}
            {removable ? (
              <Link
                to={`?remove=${closure.id}`}
                className="btn-secondary"
                aria-label={`Remove the closure ${closure.name}`}
              >
                Remove
              </Link>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

export default function Closures() {
  const { upcoming, past, confirm, empty, clock, today } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const intent = actionData?.values.intent;
  const addRefusal: SectionRefusal = intent === "add" ? actionData : null;
  const cancelError = intent === "cancel-visits" ? actionData?.error : null;
  const removeError = actionData && intent === "remove" ? actionData.error : null;
  return (
    <div className="space-y-6">
      <StaffScreenHeader title="Closures">
        Holidays and other days the whole clinic is closed. Nobody can book on them; visits already
        booked stay and are listed in the diary under Needs attention, unless you cancel them here
        and tell the patients.
      </StaffScreenHeader>

      {confirm ? (
        <section
          aria-labelledby="confirm-heading"
          className="rounded-lg border border-amber-600 bg-amber-50 p-4"
        >
          <h2 id="confirm-heading" className="font-semibold text-amber-950">
            Remove the closure {confirm.name}?
          </h2>
          <p className="mt-1 text-sm text-amber-950">
            Patients can book on {days({ ...confirm, visits: 0 }, clock)} again at once.
          </p>
          <Form method="post" action={PATH} className="mt-3 flex flex-wrap gap-2">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="closureId" value={confirm.id} />
            <button type="submit" className="btn-primary">
              Yes, remove it
            </button>
            <Link to={PATH} className="btn-secondary">
              Keep it
            </Link>
          </Form>
        </section>
      ) : null}
      <FormError message={removeError} id="remove-error" />
      {empty ? (
        <section
          aria-labelledby="cancel-visits-heading"
          className="rounded-lg border border-amber-600 bg-amber-50 p-4"
        >
          <h2 id="cancel-visits-heading" className="font-semibold text-amber-950">
            Cancel the {empty.visits} booked {empty.visits === 1 ? "visit" : "visits"} on{" "}
            {empty.name} and tell the patients?
          </h2>
          <p className="mt-1 text-sm text-amber-950">
            Each patient with an e-mail address gets the cancellation with this reason. The freed
            times are not offered to the waiting list: the clinic is closed then.
          </p>
          <Form method="post" action={PATH} className="mt-3 flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="cancel-visits" />
            <input type="hidden" name="closureId" value={empty.id} />
            <StackedField
              htmlFor="closure-reason"
              label="Reason (the patients are told)"
              need="required"
            >
              <input
                id="closure-reason"
                name="reason"
                required
                maxLength={CLOSURE_REASON_LIMIT}
                defaultValue={intent === "cancel-visits" ? actionData?.values.reason : undefined}
                aria-invalid={cancelError ? true : undefined}
                aria-describedby={cancelError ? "cancel-visits-error" : undefined}
                className="w-80 rounded-md border border-slate-400 bg-white px-2 py-1.5 text-slate-900"
              />
            </StackedField>
            <button type="submit" className="btn-primary">
              Cancel them all and tell the patients
            </button>
            <Link to={PATH} className="btn-secondary">
              Keep the visits
            </Link>
          </Form>
          <FormError message={cancelError} id="cancel-visits-error" />
        </section>
      ) : null}

      <SettingsSection
        id="add"
        title="Add a closure"
        intent="add"
        refusal={addRefusal}
        submitLabel="Add closure"
      >
        <div className="grid gap-4 sm:grid-cols-3">
          <SettingField
            name="name"
            need="required"
            label="Name"
            stored=""
            placeholder="Thanksgiving"
          />
          <SettingField
            name="startDate"
            need="required"
            label="First day closed"
            type="date"
            min={today}
            stored=""
          />
          <SettingField
            name="endDate"
            need="optional"
            label="Last day closed"
            type="date"
            min={today}
            stored=""
            help="Leave empty for a single day."
          />
        </div>
      </SettingsSection>

      <section aria-labelledby="upcoming-heading" className="space-y-3">
        <h2 id="upcoming-heading" className="text-lg font-semibold text-slate-900">
          Upcoming closures
        </h2>
        {upcoming.length > 0 ? (
          <ClosureList closures={upcoming} clock={clock} removable />
        ) : (
          <p className="text-slate-700">No closure is planned.</p>
        )}
      </section>

      <section aria-labelledby="past-heading" className="space-y-3">
        <h2 id="past-heading" className="text-lg font-semibold text-slate-900">
          Past closures
        </h2>
        {past.length > 0 ? (
          <ClosureList closures={past} clock={clock} removable={false} />
        ) : (
          <p className="text-slate-700">None yet.</p>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
