import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-pages";
import {
  fieldClass,
  labelClass,
  RefusalSummary,
  SettingCheckbox,
  SettingField,
  SettingsSection,
  type SectionRefusal,
} from "~/components/staff/setting-field";
import { StaffScreenHeader, ColumnHeadings } from "~/components/staff-kit";
import {
  listRecallTypes,
  saveRecallSettings,
  saveRecallType,
  setServiceRecallType,
} from "~/models/recall/recall-types.server";
import { formAction, formPageHeaders } from "~/http/form-action.server";
import type { StaffHandle } from "~/models/permissions";
import { invalid } from "~/utils/result";
import { requireStaffPage } from "~/http/roles.server";
import { redirectWithToast } from "~/http/toast.server";

const PATH = "/staff/recall-types";
export const handle: StaffHandle = { permission: "recallTypes.manage" };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaffPage(request, handle.permission);
  const data = await listRecallTypes();
  const edit = new URL(request.url).searchParams.get("edit");
  return { ...data, editing: data.types.find((type) => type.id === edit) ?? null };
}

const SAVERS = {
  type: saveRecallType,
  service: setServiceRecallType,
  invitations: saveRecallSettings,
} as const;

export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
    access: handle.permission,
    keep: "all",
    task: "Changing the recall types",
    handler: async ({ form, actor }) => {
      const intent = form.intent ?? "";
      if (!Object.hasOwn(SAVERS, intent)) return invalid("Please choose what to change.");
      const result = await SAVERS[intent as keyof typeof SAVERS](form, actor);
      if (!result.ok) return result;
      return redirectWithToast(PATH, { type: "success", message: result.message });
    },
  });

export const headers = formPageHeaders;

export const meta: MetaFunction = () => [
  { title: "Recall types | Clinic | Dental Clinic" },
  { name: "robots", content: "noindex" },
];

export default function RecallTypes() {
  const { types, services, cadence, dailyCap, editing } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const refusalFor = (intent: string): SectionRefusal =>
    answer?.values.intent === intent ? answer : null;
  const withRecall = services.filter((service) => service.recallTypeId);
  const typeName = new Map(types.map((type) => [type.id, type.name]));
  return (
    <div className="space-y-6">
      <StaffScreenHeader title="Recall types">
        The kinds of visit patients come back for, how often, which service&apos;s completed visit
        sets each one, and when the invitations go out.
      </StaffScreenHeader>
      <RefusalSummary refusal={answer ?? null} />

      <section aria-labelledby="types-heading" className="space-y-3">
        <h2 id="types-heading" className="text-lg font-semibold text-slate-900">
          Types
        </h2>
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <ColumnHeadings
              className="bg-slate-50"
              cellClassName="p-2"
              columns={[
                "Name",
                "Every",
                "Patients",
                <span key="change" className="sr-only">
                  Change
                </span>,
              ]}
            />
            <tbody className="divide-y divide-slate-200">
              {types.map((type) => (
                <tr key={type.id}>
                  <td className="p-2 font-semibold">
                    {type.name}
                    {type.active ? "" : " (inactive)"}
                  </td>
                  <td className="p-2">{type.intervalMonths} months</td>
                  <td className="p-2">{type.recalls}</td>
                  <td className="p-2">
                    <Link
                      to={`?edit=${type.id}#type-heading`}
                      className="text-brand-700 underline"
                      aria-label={`Change ${type.name}`}
                    >
                      Change
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <SettingsSection
        key={editing?.id ?? "new"}
        id="type"
        title={editing ? `Change ${editing.name}` : "Add a recall type"}
        intent="type"
        refusal={refusalFor("type")}
        hiddenFields={{ typeId: editing?.id ?? "" }}
        submitLabel={editing ? "Save" : "Add recall type"}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <SettingField
            name="name"
            need="required"
            label="Name"
            stored={editing?.name ?? ""}
            maxLength={60}
          />
          <SettingField
            name="intervalMonths"
            need="required"
            label="Interval (months)"
            inputMode="numeric"
            stored={String(editing?.intervalMonths ?? 6)}
            help="The due date is this long after the visit that set it."
          />
        </div>
        <SettingCheckbox
          name="active"
          label="Active"
          stored={editing?.active ?? true}
          help="An inactive type sets no new due dates; patients' recalls stay."
        />
      </SettingsSection>

      <SettingsSection
        id="service"
        title="Which service sets a recall"
        intent="service"
        refusal={refusalFor("service")}
        submitLabel="Save"
      >
        {withRecall.length > 0 ? (
          <ul className="list-disc pl-5 text-sm text-slate-800">
            {withRecall.map((service) => (
              <li key={service.id}>
                {service.name}: {typeName.get(service.recallTypeId!)}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-700">No service sets a recall yet.</p>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="serviceId" className={labelClass}>
              Service
            </label>
            <select id="serviceId" name="serviceId" className={fieldClass} defaultValue="">
              <option value="">Choose a service</option>
              {services.map((service) => (
                <option key={service.id} value={service.id}>
                  {service.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="recallTypeId" className={labelClass}>
              Sets the recall
            </label>
            <select id="recallTypeId" name="recallTypeId" className={fieldClass} defaultValue="">
              <option value="">None</option>
              {types.map((type) => (
                <option key={type.id} value={type.id}>
                  {type.name}
                </option>
              ))}
            </select>
          </div>
        </div>
      </SettingsSection>

      <SettingsSection
        id="invitations"
        title="Invitations"
        intent="invitations"
        refusal={refusalFor("invitations")}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <SettingField
            name="cadence"
            need="required"
            label="Days from the due date"
            stored={cadence.join(", ")}
            help="Up to 4 invitations, e.g. -28, 0, 14, 42: four weeks before, on the day, two and six weeks after. None while a visit of the type is booked."
          />
          <SettingField
            name="dailyCap"
            need="required"
            label="Invitations a day, at most"
            inputMode="numeric"
            stored={String(dailyCap)}
            help="Sent only while the clinic is open; the rest wait for the next open day."
          />
        </div>
      </SettingsSection>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
