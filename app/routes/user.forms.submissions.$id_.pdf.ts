import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/http/auth.server";
import { textRefusal } from "~/http/forms.server";
import { pdfResponse, submissionPdf } from "~/models/forms/pdf.server";
import { ownSubmission } from "~/models/forms/view.server";
import { getClinicSettings } from "~/models/settings/clinic-settings.server";

/** The PDF of a form the patient signed (ADR 050): for whoever may fill their forms. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const found = await ownSubmission(user.id, params.id ?? "");
  if (!found.ok) return textRefusal(found);
  const settings = await getClinicSettings();
  return pdfResponse(await submissionPdf(found.view, settings.clinicName), found.view);
}
