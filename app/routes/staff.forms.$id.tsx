import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-pages";
import {
  QuestionsPreview,
  SectionSelect,
  SectionTextArea,
} from "~/components/forms/template-fields";
import {
  RefusalSummary,
  SettingCheckbox,
  SettingField,
  SettingsSection,
} from "~/components/staff/setting-field";
import { StaffScreenHeader } from "~/components/staff-kit";
import { formAction, formPageHeaders } from "~/http/form-action.server";
import { requireStaffPage } from "~/http/roles.server";
import { redirectWithToast } from "~/http/toast.server";
import {
  formTemplateForEdit,
  saveFormTemplate,
  serviceChoices,
} from "~/models/forms/templates.server";
import type { StaffHandle } from "~/models/permissions";
import { questionsText } from "~/validation/form-questions";

export const handle: StaffHandle = { permission: "forms.manage" };

const EXAMPLE = questionsText([
  {
    id: "latex",
    label: "Are you allergic to latex?",
    type: "yesno",
    required: true,
    alert: "Allergy: latex",
  },
]);

/** One form as the admin changes it (`new`: a form to add), ADR 050. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaffPage(request, handle.permission);
  const id = params.id ?? "";
  if (id === "new") {
    return { template: null, services: await serviceChoices() };
  }
  const template = await formTemplateForEdit(id);
  if (!template) throw data({ message: "There is no such form." }, { status: 404 });
  return { template, services: template.services };
}

export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
    access: handle.permission,
    keep: "all",
    task: "Saving a form",
    handler: async ({ params, form, actor }) => {
      const id = params.id ?? "";
      const result = await saveFormTemplate({ ...form, templateId: id === "new" ? "" : id }, actor);
      if (!result.ok) return result;
      return redirectWithToast(`/staff/forms/${result.id}`, {
        type: "success",
        message: result.message,
      });
    },
  });

export const headers = formPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: `${loaded?.template?.title ?? "New form"} | Forms | Clinic | Dental Clinic` },
  { name: "robots", content: "noindex" },
];

export default function FormTemplate() {
  const { template, services } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() ?? null;
  return (
    <div className="space-y-6">
      <p>
        <Link to="/staff/forms" className="text-brand-700 underline">
          All forms
        </Link>
      </p>
      <StaffScreenHeader title={template ? template.title : "Add a form"}>
        {template
          ? `Version ${template.version}, signed ${template.answered} ${template.answered === 1 ? "time" : "times"}. ${
              template.answered > 0
                ? "A change to its title, introduction or questions makes version " +
                  (template.version + 1) +
                  "; who fills it and how often change in place."
                : "Nobody has signed this version yet: changes apply to it."
            }`
          : "A new form patients fill in before their visits."}
      </StaffScreenHeader>
      <RefusalSummary refusal={answer} />
      <SettingsSection
        id="template"
        title="The form"
        intent="template"
        refusal={answer}
        submitLabel={template ? "Save" : "Add the form"}
      >
        <SettingField
          name="title"
          label="Title"
          need="required"
          stored={template?.title ?? ""}
          maxLength={120}
        />
        <SectionTextArea
          name="intro"
          label="Introduction"
          need="optional"
          stored={template?.intro ?? ""}
          rows={3}
          help="What the patient reads above the questions."
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SectionSelect
            name="kind"
            label="Kind"
            need="required"
            stored={template?.kind ?? "consent"}
            options={[
              { value: "history", label: "Medical history (a dentist reviews it)" },
              { value: "consent", label: "Consent" },
            ]}
          />
          <SectionSelect
            name="audience"
            label="Who fills it"
            need="required"
            stored={template?.audience ?? "all"}
            options={[
              { value: "all", label: "Every patient" },
              { value: "new", label: "New patients (before their first visit)" },
              { value: "service", label: "Patients booked for a service" },
            ]}
          />
          <SectionSelect
            name="serviceId"
            label="The service (when patients of a service fill it)"
            need="optional"
            stored={template?.serviceId ?? ""}
            options={[
              { value: "", label: "None" },
              ...services.map((s) => ({ value: s.id, label: s.name })),
            ]}
          />
          <SectionSelect
            name="frequency"
            label="How often"
            need="required"
            stored={template?.frequency ?? "visit"}
            options={[
              { value: "visit", label: "Each visit" },
              { value: "months", label: "Every few months" },
            ]}
          />
          <SettingField
            name="everyMonths"
            label="Every how many months"
            need="required"
            inputMode="numeric"
            stored={String(template?.everyMonths ?? 12)}
            help="Used when the form is filled every few months."
          />
          <SettingField
            name="minAge"
            label="From age"
            need="required"
            inputMode="numeric"
            stored={String(template?.minAge ?? 0)}
            help="Patients younger than this on the visit's day do not fill it."
          />
        </div>
        <SettingCheckbox
          name="active"
          label="In use"
          stored={template?.active ?? true}
          help="A form not in use is asked of nobody; what was signed stays."
        />
        <SectionTextArea
          name="questions"
          label="Questions (JSON)"
          need="required"
          stored={template ? questionsText(template.questions) : EXAMPLE}
          rows={18}
          mono
          help='A list of questions, each { "id", "label", "type": "yesno" | "choice" | "text" | "date", "required", and "options": [{ "value", "label" }] for a choice, "alert" for a yes/no question that proposes one ("Allergy: latex" goes to the allergies, anything else to the conditions), "section" to start a heading, "help" for a line under it }. Keep a question&apos;s id when you change its words: the last answers are filled in by it.'
        />
      </SettingsSection>
      {template ? <QuestionsPreview questions={template.questions} /> : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
