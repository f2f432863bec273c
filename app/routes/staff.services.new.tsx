import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-pages";
import { PICTURE_CHOICE, ServiceForm } from "~/components/staff/service-form";
import { StaffScreenHeader } from "~/components/staff-kit";
import { SERVICE_PICTURES } from "~/data/service-pictures";
import { withChosenPicture } from "~/data/avatars";
import { getClinicSettings } from "~/models/clinic-settings.server";
import { createStaffService, teamForServiceForm } from "~/models/service-admin.server";
import { formRefusal, unexpectedFailure } from "~/utils/form-action.server";
import { formPageHeaders } from "~/utils/page-headers.server";
import { limitStaffWrite } from "~/utils/rate-limit.server";
import { requireStaffPage, staffActor } from "~/utils/roles.server";
import { type StaffHandle, staffScreenRoles } from "~/utils/staff-screens";
import { redirectWithToast } from "~/utils/toast.server";
import { formToObject } from "~/validation/form";

const LIST = "/staff/services";
const ROLES = staffScreenRoles("/staff/services/new");
export const handle: StaffHandle = { staffRoles: ROLES };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaffPage(request, ROLES);
  const [settings, team] = await Promise.all([getClinicSettings(), teamForServiceForm()]);
  return { gridMinutes: settings.gridMinutes, team };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireStaffPage(request, ROLES);
  const form = await request.formData();
  const input = withChosenPicture(formToObject(form), "photo", SERVICE_PICTURES, PICTURE_CHOICE);
  const dentists = form.getAll("dentist");
  // What was sent comes back with a refusal; the ticked dentists as one field.
  const values = { ...input, dentists: dentists.filter((id) => typeof id === "string").join(",") };
  const limited = await limitStaffWrite(user.id);
  if (limited) return formRefusal(limited, values);
  try {
    const result = await createStaffService(input, dentists, staffActor(user));
    if (!result.ok) return formRefusal(result, values);
    return redirectWithToast(`${LIST}/${result.service.id}`, {
      type: "success",
      message: `${result.service.name} is on the site and in the booking form.`,
    });
  } catch (error) {
    return unexpectedFailure("Adding a service", error, values);
  }
}

// A refusal's Retry-After (the staff write limit, a busy database) reaches the browser.
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
