import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-pages";
import { readServiceForm, ServiceForm } from "~/components/staff/service-form";
import { StaffScreenHeader } from "~/components/staff-kit";
import { getClinicSettings } from "~/models/settings/clinic-settings.server";
import { createStaffService, teamForServiceForm } from "~/models/services/admin.server";
import { formAction, formPageHeaders } from "~/http/form-action.server";
import type { StaffHandle } from "~/models/permissions";
import { requireStaffPage } from "~/http/roles.server";
import { redirectWithToast } from "~/http/toast.server";

const LIST = "/staff/services";
export const handle: StaffHandle = { permission: "services.manage" };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaffPage(request, handle.permission);
  const [settings, team] = await Promise.all([getClinicSettings(), teamForServiceForm()]);
  return { gridMinutes: settings.gridMinutes, team };
}

export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
    access: handle.permission,
    // What was sent comes back with a refusal; the ticked dentists as one field.
    keep: "all",
    prepare: readServiceForm,
    task: "Adding a service",
    handler: async ({ form, formData, actor }) => {
      const result = await createStaffService(form, formData.getAll("dentist"), actor);
      if (!result.ok) return result;
      return redirectWithToast(`${LIST}/${result.service.id}`, {
        type: "success",
        message: `${result.service.name} is on the site and in the booking form.`,
      });
    },
  });

export const headers = formPageHeaders;

export const meta: MetaFunction = () => [
  { title: "New service | Clinic | Dental Clinic" },
  { name: "robots", content: "noindex" },
];

export default function NewService() {
  const { gridMinutes, team } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const sent = actionData?.values;
  return (
    <section className="max-w-3xl">
      <p className="mb-2 text-sm">
        <Link to={LIST} className="text-brand-700 underline">
          All services
        </Link>
      </p>
      <StaffScreenHeader title="New service">
        A service added here is published at once: on the site, in the catalogue and in the booking
        form.
      </StaffScreenHeader>
      <ServiceForm
        key={sent ? JSON.stringify(sent) : "new"}
        values={{ ...sent, dentistIds: sent?.dentists ? sent.dentists.split(",") : [] }}
        gridMinutes={gridMinutes}
        team={team}
        submitLabel="Add the service"
        busyLabel="Adding..."
        withHidden={false}
      />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
