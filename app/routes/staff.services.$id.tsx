import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-pages";
import { ServiceStatusBadge } from "~/components/service-standing";
import {
  readServiceForm,
  SERVICE_FORM_FIELDS,
  ServiceForm,
  type ServiceFormValues,
} from "~/components/staff/service-form";
import { StaffScreenHeader } from "~/components/staff-kit";
import { getClinicSettings } from "~/models/settings/clinic-settings.server";
import {
  getServiceForEditing,
  teamForServiceForm,
  updateService,
} from "~/models/services/admin.server";
import { formAction, formPageHeaders } from "~/http/form-action.server";
import type { StaffHandle } from "~/models/permissions";
import { requireStaffPage } from "~/http/roles.server";
import { redirectWithToast } from "~/http/toast.server";

const LIST = "/staff/services";
export const handle: StaffHandle = { permission: "services.manage" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaffPage(request, handle.permission);
  const [service, settings, team] = await Promise.all([
    getServiceForEditing(params.id ?? ""),
    getClinicSettings(),
    teamForServiceForm(),
  ]);
  if (!service) throw data({ message: "There is no such service." }, { status: 404 });
  return { service, gridMinutes: settings.gridMinutes, team };
}

export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
    access: handle.permission,
    // What was sent comes back with a refusal; the ticked dentists as one field.
    keep: [...SERVICE_FORM_FIELDS, "dentists"],
    prepare: readServiceForm,
    task: "Editing a service",
    handler: async ({ params, form, formData, actor }) => {
      const id = params.id ?? "";
      const result = await updateService(id, form, formData.getAll("dentist"), actor);
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
  const { service, gridMinutes, team } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // After a refusal the form shows what was sent; otherwise what is stored.
  const sent = actionData?.values;
  const values: ServiceFormValues = sent
    ? { ...sent, dentistIds: sent.dentists ? sent.dentists.split(",") : [] }
    : {
        name: service.name,
        category: service.category,
        description: service.description,
        photo: service.photo,
        price: service.price,
        durationMinutes: String(service.durationMinutes),
        bufferMinutes: String(service.bufferMinutes),
        minAgeYears: service.minAgeYears === null ? "" : String(service.minAgeYears),
        maxAgeYears: service.maxAgeYears === null ? "" : String(service.maxAgeYears),
        hidden: service.hidden ? "on" : "",
        dentistIds: service.dentistIds,
      };
  return (
    <section className="max-w-3xl">
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
      <ServiceForm
        key={sent ? JSON.stringify(sent) : service.id}
        values={values}
        gridMinutes={gridMinutes}
        team={team}
        submitLabel="Save"
        busyLabel="Saving..."
        withHidden
      />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
