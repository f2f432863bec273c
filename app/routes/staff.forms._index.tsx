import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-pages";
import {
  RefusalSummary,
  SettingField,
  SettingsSection,
  type SectionRefusal,
} from "~/components/staff/setting-field";
import { ColumnHeadings, StaffScreenHeader } from "~/components/staff-kit";
import { formAction, formPageHeaders } from "~/http/form-action.server";
import { requireStaffPage } from "~/http/roles.server";
import { redirectWithToast } from "~/http/toast.server";
import { listFormTemplates, saveFormRetention } from "~/models/forms/templates.server";
import type { StaffHandle } from "~/models/permissions";
import { invalid } from "~/utils/result";

const PATH = "/staff/forms";
export const handle: StaffHandle = { permission: "forms.manage" };

/** The forms patients fill, and how long a deleted account's signed forms are kept (ADR 050). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaffPage(request, handle.permission);
  return listFormTemplates();
}

export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
    access: handle.permission,
    keep: "all",
    task: "Changing the retention of signed forms",
    handler: async ({ form, actor }) => {
      if (form.intent !== "retention") return invalid("Please choose what to change.");
      const result = await saveFormRetention(form, actor);
      if (!result.ok) return result;
      return redirectWithToast(PATH, { type: "success", message: result.message });
    },
  });

export const headers = formPageHeaders;

export const meta: MetaFunction = () => [
  { title: "Forms | Clinic | Dental Clinic" },
  { name: "robots", content: "noindex" },
];

export default function FormTemplates() {
  const { templates, retentionYears } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const refusal: SectionRefusal = answer ?? null;
  return (
    <div className="space-y-6">
      <StaffScreenHeader title="Forms">
        The medical history and consents patients fill in before their visits: what each asks, who
        fills it and how often. A change to what a form asks, once patients have answered it, makes
        a new version; their answers keep the one they signed.
      </StaffScreenHeader>
      <RefusalSummary refusal={refusal} />
      <section aria-labelledby="forms-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="forms-heading" className="text-lg font-semibold text-slate-900">
            The clinic&apos;s forms
          </h2>
          <Link to={`${PATH}/new`} className="btn-primary">
            Add a form
          </Link>
        </div>
        <div
          className="overflow-x-auto rounded-lg border border-slate-200 bg-white"
          role="region"
          aria-label="The clinic's forms: table"
          // Scrolled sideways on a phone: reachable by the keyboard.
          tabIndex={0}
        >
          <table className="w-full text-left text-sm">
            <ColumnHeadings
              className="bg-slate-50"
              cellClassName="p-2"
              columns={["Form", "Version", "Who and how often", "Signed", "Kind"]}
            />
            <tbody className="divide-y divide-slate-200">
              {templates.map((template) => (
                <tr key={template.id}>
                  <td className="p-2 font-semibold">
                    <Link to={`${PATH}/${template.id}`} className="text-brand-700 underline">
                      {template.title}
                    </Link>
                    {template.active ? "" : " (not in use)"}
                  </td>
                  <td className="p-2">{template.version}</td>
                  <td className="p-2">{template.rule}</td>
                  <td className="p-2">{template.submissions}</td>
                  <td className="p-2">
                    {template.kind === "history" ? "Medical history (reviewed)" : "Consent"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <SettingsSection
        id="retention"
        title="Signed forms of deleted accounts"
        intent="retention"
        refusal={answer?.values.intent === "retention" ? refusal : null}
      >
        <SettingField
          name="retentionYears"
          label="Keep them for (years)"
          need="required"
          inputMode="numeric"
          stored={String(retentionYears)}
          help="Signed forms are clinical records: when a patient deletes their account, they are kept this many years, no longer linked to it, then deleted. 0 deletes them with the account."
        />
      </SettingsSection>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
