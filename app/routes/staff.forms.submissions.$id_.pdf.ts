import type { LoaderFunctionArgs } from "@remix-run/node";
import { textRefusal } from "~/http/forms.server";
import { requireStaffPage, staffActor } from "~/http/roles.server";
import { pdfResponse, submissionPdf } from "~/models/forms/pdf.server";
import { staffSubmission } from "~/models/forms/view.server";
import type { StaffHandle } from "~/models/permissions";
import { getClinicSettings } from "~/models/settings/clinic-settings.server";

/** A signed form's PDF for staff with the need to know, an audited read (ADR 050). */
export const handle: StaffHandle = { permission: "patients.contact" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireStaffPage(request, handle.permission);
  const found = await staffSubmission(staffActor(user), params.id ?? "");
  if (!found.ok) return textRefusal(found);
  const settings = await getClinicSettings();
  return pdfResponse(await submissionPdf(found.view, settings.clinicName), found.view);
}
