import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { StackedField } from "~/components/field-label";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-pages";
import { FormError } from "~/components/form-error";
import { StaffScreenHeader } from "~/components/staff-kit";
import { createDentist, listDentistsForAdmin } from "~/models/team/dentist-admin.server";
import { formAction, formPageHeaders } from "~/http/form-action.server";
import type { StaffHandle } from "~/models/permissions";
import { requireStaffPage } from "~/http/roles.server";
import { DENTIST_KINDS, KIND_LABELS, kindLabel } from "~/models/team/kinds";
import { redirectWithToast } from "~/http/toast.server";

export const handle: StaffHandle = { permission: "team.manage" };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaffPage(request, handle.permission);
  return { dentists: await listDentistsForAdmin() };
}

export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
    access: handle.permission,
    keep: ["name", "title", "kind"],
    task: "Adding a dentist",
    handler: async ({ form, actor }) => {
      const result = await createDentist(actor, form);
      if (!result.ok) return result;
      return redirectWithToast(`/staff/dentists/${result.dentist.id}`, {
        type: "success",
        message: `Added ${result.dentist.name}. Set the weekly plan and services, then tick Active to show them to patients.`,
      });
    },
  });

export const headers = formPageHeaders;

export const meta: MetaFunction = () => [
  { title: "Dentists | Clinic | Dental Clinic" },
  { name: "robots", content: "noindex" },
];

export default function Dentists() {
  const { dentists } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const values = actionData?.values;
  const invalid = (name: string) => (actionData?.field === name ? true : undefined);
  return (
    <section className="space-y-8">
      <StaffScreenHeader title="Dentists">
        The team in the team page&apos;s order. Open one to change their profile, weekly plan, days
        off, the services they perform and their staff account.
      </StaffScreenHeader>
      <div className="overflow-x-auto rounded-lg border border-slate-200">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">The team</caption>
          <thead>
            <tr className="bg-slate-50 text-left">
              <th scope="col" className="p-2">
                Name
              </th>
              <th scope="col" className="p-2">
                Kind
              </th>
              <th scope="col" className="p-2">
                Sees patients
              </th>
              <th scope="col" className="p-2">
                Staff account
              </th>
              <th scope="col" className="p-2">
                Services
              </th>
            </tr>
          </thead>
          <tbody>
            {dentists.map((dentist) => (
              <tr key={dentist.id} className="border-t border-slate-200" data-testid="dentist-row">
                <th scope="row" className="p-2 text-left font-medium">
                  <Link to={dentist.id} className="text-brand-700 underline">
                    {dentist.name}
                  </Link>
                  <span className="block font-normal text-slate-700">{dentist.title}</span>
                </th>
                <td className="p-2">{kindLabel(dentist.kind)}</td>
                <td className="p-2">{dentist.active ? "Active" : "Not active"}</td>
                <td className="p-2 break-all">{dentist.account ?? "None"}</td>
                <td className="p-2">{dentist.servicesCount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <section aria-labelledby="add-heading" className="space-y-3">
        <h2 id="add-heading" className="text-lg font-semibold text-slate-900">
          Add a team member
        </h2>
        <p className="text-sm text-slate-700">
          Their address on the team page is made from the name and stays the same afterwards. They
          start as not active and with no working day.
        </p>
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <StackedField htmlFor="new-dentist-name" label="Name" need="required">
            <input
              id="new-dentist-name"
              name="name"
              required
              maxLength={100}
              defaultValue={values?.name}
              aria-invalid={invalid("name")}
              aria-describedby={invalid("name") ? "form-error" : undefined}
              className="w-64 rounded-md border border-slate-400 px-2 py-1.5"
            />
          </StackedField>
          <StackedField htmlFor="new-dentist-title" label="Title" need="required">
            <input
              id="new-dentist-title"
              name="title"
              required
              maxLength={120}
              placeholder="DDS, General Dentist"
              defaultValue={values?.title}
              aria-invalid={invalid("title")}
              aria-describedby={invalid("title") ? "form-error" : undefined}
              className="w-64 rounded-md border border-slate-400 px-2 py-1.5"
            />
          </StackedField>
          <StackedField htmlFor="new-dentist-kind" label="Kind" need="required">
            <select
              id="new-dentist-kind"
              name="kind"
              defaultValue={values?.kind || "dentist"}
              className="rounded-md border border-slate-400 px-2 py-1.5"
            >
              {DENTIST_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {KIND_LABELS[kind]}
                </option>
              ))}
            </select>
          </StackedField>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? "Adding..." : "Add"}
          </button>
        </Form>
        <FormError message={actionData?.error} />
      </section>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
