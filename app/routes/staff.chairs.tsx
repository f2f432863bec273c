import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-pages";
import { FormError } from "~/components/form-error";
import {
  fieldClass,
  SettingField,
  SettingsSection,
  type SectionRefusal,
} from "~/components/staff/setting-field";
import { StaffScreenHeader } from "~/components/staff-kit";
import { changeChairs, listChairs, type ChairRow } from "~/models/team/chairs.server";
import { formAction, formPageHeaders } from "~/http/form-action.server";
import type { StaffHandle } from "~/models/permissions";
import { requireStaffPage } from "~/http/roles.server";
import { redirectWithToast } from "~/http/toast.server";

const PATH = "/staff/chairs";
export const handle: StaffHandle = { permission: "chairs.manage" };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaffPage(request, handle.permission);
  return { chairs: await listChairs() };
}

export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
    access: handle.permission,
    keep: "all",
    task: "Changing the chairs",
    handler: async ({ form, actor }) => {
      const result = await changeChairs(form, actor);
      if (!result.ok) return result;
      return redirectWithToast(PATH, { type: "success", message: result.message });
    },
  });

export const headers = formPageHeaders;

export const meta: MetaFunction = () => [
  { title: "Chairs | Clinic | Dental Clinic" },
  { name: "robots", content: "noindex" },
];

const small =
  "inline-flex min-h-6 items-center rounded-md border border-slate-400 px-3 py-1.5 text-sm font-semibold text-slate-900 hover:bg-slate-100 disabled:opacity-50";

function ChairItem({
  chair,
  first,
  last,
  refusal,
}: {
  chair: ChairRow;
  first: boolean;
  last: boolean;
  refusal: { error: string; field: string | null; values: Record<string, string> } | null;
}) {
  const nameId = `chair-${chair.id}-name`;
  const errorId = `chair-${chair.id}-error`;
  const renaming = refusal?.values.intent === "rename";
  return (
    <li className="space-y-3 p-4" data-testid="chair">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-slate-900">
          {chair.name}{" "}
          {chair.active ? null : (
            <span className="rounded bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">
              Inactive
            </span>
          )}
        </p>
        <p className="text-sm text-slate-700">
          {chair.upcomingVisits === 0 ? (
            "No upcoming visits"
          ) : (
            <Link to="/staff?view=chair" className="text-brand-700 underline">
              {chair.upcomingVisits} upcoming {chair.upcomingVisits === 1 ? "visit" : "visits"}
              <span className="sr-only"> in {chair.name}</span>
            </Link>
          )}
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <Form method="post" noValidate className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="rename" />
          <input type="hidden" name="chairId" value={chair.id} />
          <div>
            <label htmlFor={nameId} className="mb-1 block text-sm font-medium text-slate-800">
              Name<span className="sr-only"> of {chair.name}</span>
            </label>
            <input
              id={nameId}
              name="name"
              defaultValue={renaming ? (refusal?.values.name ?? "") : chair.name}
              className={`${fieldClass} w-56`}
              aria-invalid={(renaming && refusal?.field === "name") || undefined}
              aria-describedby={refusal ? errorId : undefined}
            />
          </div>
          <button type="submit" className={small}>
            Rename<span className="sr-only"> {chair.name}</span>
          </button>
        </Form>
        <Form method="post" className="flex gap-2">
          <input type="hidden" name="chairId" value={chair.id} />
          <button
            type="submit"
            name="intent"
            value="up"
            className={small}
            disabled={first}
            aria-label={`Move ${chair.name} up`}
          >
            Up
          </button>
          <button
            type="submit"
            name="intent"
            value="down"
            className={small}
            disabled={last}
            aria-label={`Move ${chair.name} down`}
          >
            Down
          </button>
          <button
            type="submit"
            name="intent"
            value={chair.active ? "deactivate" : "reactivate"}
            className={small}
          >
            {chair.active ? "Deactivate" : "Reactivate"}
            <span className="sr-only"> {chair.name}</span>
          </button>
        </Form>
      </div>
      {refusal ? (
        <>
          <FormError message={refusal.error} id={errorId} />
          {chair.upcomingVisits > 0 && refusal.values.intent === "deactivate" ? (
            <p className="text-sm">
              <Link to="/staff?view=chair" className="text-brand-700 underline">
                Open the diary by chair to move them
              </Link>
            </p>
          ) : null}
        </>
      ) : null}
    </li>
  );
}

export default function Chairs() {
  const { chairs } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const addRefusal: SectionRefusal = actionData?.values.intent === "add" ? actionData : null;
  const chairRefusal = actionData && actionData.values.intent !== "add" ? actionData : null;
  const refusedChair = chairs.some((chair) => chair.id === chairRefusal?.values.chairId);
  return (
    <div className="space-y-6">
      <StaffScreenHeader title="Chairs">
        The treatment chairs visits are booked into, in the order the diary shows them. An inactive
        chair takes no new bookings; a chair with upcoming visits cannot be deactivated until they
        are moved.
      </StaffScreenHeader>
      {chairRefusal && !refusedChair ? <FormError message={chairRefusal.error} /> : null}
      <ul
        aria-label="Chairs"
        className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
      >
        {chairs.map((chair, index) => (
          <ChairItem
            key={chair.id}
            chair={chair}
            first={index === 0}
            last={index === chairs.length - 1}
            refusal={chairRefusal?.values.chairId === chair.id ? chairRefusal : null}
          />
        ))}
      </ul>
      <SettingsSection
        id="add-chair"
        title="Add a chair"
        intent="add"
        refusal={addRefusal}
        submitLabel="Add chair"
      >
        <SettingField name="name" need="required" label="Name" stored="" placeholder="Chair 3" />
      </SettingsSection>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
