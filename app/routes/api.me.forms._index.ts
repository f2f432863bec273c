import { apiJson, apiRoute } from "~/http/api.server";
import { dueFormsJson } from "~/models/forms/submit.server";

/**
 * GET /api/me/forms -> { success, forms: [{ id, title, version, intro, dueFor: { appointment,
 * patient }, questions: [{ id, label, type, options?, required, section?, help? }], answers }] }:
 * the forms due before the token's owner's upcoming visits, each with their last answers as
 * far as they fit it (docs/decisions/050-medical-history-and-consent-forms.md).
 */
export const { loader, action } = apiRoute({
  method: "GET",
  auth: true,
  async handler({ user }) {
    return apiJson({ success: true, forms: await dueFormsJson(user.id) });
  },
});
