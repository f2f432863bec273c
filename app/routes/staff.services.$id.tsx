import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-pages";
import { FormError } from "~/components/form-error";
import { TextField } from "~/components/form-kit";
import { ServiceStatusBadge } from "~/components/service-standing";
import { StaffScreenHeader } from "~/components/staff-kit";
import { TextAreaField } from "~/components/text-area-field";
import { SERVICE_CATEGORIES } from "~/data/service-categories";
import { getClinicSettings } from "~/models/clinic-settings.server";
import { getServiceForEditing, updateService } from "~/models/service-admin.server";
import { formAction, formPageHeaders } from "~/utils/form-action.server";
import type { StaffHandle } from "~/utils/permissions";
import { requireStaffPage } from "~/utils/roles.server";
import { redirectWithToast } from "~/utils/toast.server";
import { MAX_BUFFER_MINUTES, MAX_DURATION_MINUTES, MAX_PRICE_DOLLARS } from "~/validation/service";

const LIST = "/staff/services";
export const handle: StaffHandle = { permission: "services.manage" };

const EDITED = [
  "name",
  "description",
  "price",
  "category",
  "durationMinutes",
  "bufferMinutes",
  "hidden",
] as const;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaffPage(request, handle.permission);
  const [service, settings] = await Promise.all([
    getServiceForEditing(params.id ?? ""),
    getClinicSettings(),
  ]);
  if (!service) throw data({ message: "There is no such service." }, { status: 404 });
  return { service, gridMinutes: settings.gridMinutes };
}

export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
    access: handle.permission,
    keep: EDITED,
    task: "Editing a service",
    handler: async ({ params, form, actor }) => {
      const id = params.id ?? "";
      const result = await updateService(id, form, actor);
      if (!result.ok) return result;
      return redirectWithToast(`${LIST}/${id}`, {
        type: "success",
        message: result.changed ? `${result.service.name} is saved.` : "Nothing was changed.",
      });
    },
  });

export const headers = formPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.service.name ?? "Service"} | Clinic | Dental Clinic` },
  { name: "robots", content: "noindex" },
];

export default function EditService() {
  const { service, gridMinutes } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  // After a refusal the form shows what was sent; otherwise what is stored.
  const sent = actionData?.values;
  const value = (key: (typeof EDITED)[number], stored: string) => sent?.[key] ?? stored;
  return (
    <section className="max-w-2xl">
      <p className="mb-2 text-sm">
        <Link to={LIST} className="text-brand-700 underline">
          All services
        </Link>
      </p>
      <StaffScreenHeader title={`Edit ${service.name}`}>
        Changes show on the site and in the booking form at once.
      </StaffScreenHeader>
      <p className="mb-4 flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <ServiceStatusBadge standing={service} />
        <Link to={`/product/${service.slug}`} className="text-brand-700 underline">
          Open its page
        </Link>
        {service.status === "awaiting_review" ? (
          <Link to="/staff/moderation" className="text-brand-700 underline">
            Approve or reject it in Moderation
          </Link>
        ) : null}
      </p>
      <FormError message={actionData?.error} />
      <Form method="post" className="mt-4 space-y-4" key={sent ? "sent" : service.id}>
        <TextField name="name" label="Title" defaultValue={value("name", service.name)} />
        <TextAreaField
          name="description"
          label="Description"
          defaultValue={value("description", service.description)}
        />
        <TextField
          name="price"
          label="Price (US dollars)"
          type="number"
          inputMode="decimal"
          min="0.01"
          max={MAX_PRICE_DOLLARS}
          step="0.01"
          defaultValue={value("price", service.price)}
        />
        <TextField
          name="durationMinutes"
          label={`Duration (minutes, a multiple of ${gridMinutes})`}
          type="number"
          inputMode="numeric"
          min={gridMinutes}
          max={MAX_DURATION_MINUTES}
          step={gridMinutes}
          defaultValue={value("durationMinutes", String(service.durationMinutes))}
        />
        <TextField
          name="bufferMinutes"
          label="Buffer after the visit (minutes)"
          type="number"
          inputMode="numeric"
          min="0"
          max={MAX_BUFFER_MINUTES}
          step="1"
          defaultValue={value("bufferMinutes", String(service.bufferMinutes))}
        />
        <div>
          <label htmlFor="field-category" className="field-label">
            Category
          </label>
          <select
            id="field-category"
            name="category"
            defaultValue={value("category", service.category)}
            className="field-input"
          >
            {SERVICE_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-center gap-2">
          <input
            id="field-hidden"
            name="hidden"
            type="checkbox"
            defaultChecked={sent ? sent.hidden === "on" : service.hidden}
            className="h-4 w-4"
          />
          <label htmlFor="field-hidden" className="text-slate-900">
            Hidden: keep it off the site and the booking form
          </label>
        </div>
        <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? "Saving..." : "Save"}
        </button>
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
