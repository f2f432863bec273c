import { apiJson, apiRoute } from "~/http/api.server";
import { signingClient } from "~/http/forms.server";
import { submitForm } from "~/models/forms/submit.server";

/**
 * POST /api/me/forms/{id} { answers: { <questionId>: value }, signature: "<typed full name>",
 * drawing?, appointment?, patient? } -> 201 { success, message, submission: { id, submittedAt } }:
 * signs form {id} for the token's owner (or `patient`, whose forms they may fill), for
 * `appointment` or the first visit it is due for. A missing or wrong answer, or a missing
 * signature, is a 400 whose message names it (docs/decisions/050-medical-history-and-consent-forms.md).
 */
export const { loader, action } = apiRoute({
  method: "POST",
  auth: true,
  async handler({ request, context, params, body, user }) {
    const text = (value: unknown) => (typeof value === "string" && value ? value : null);
    const result = await submitForm({
      userId: user.id,
      patientId: text(body.patient) ?? user.id,
      templateId: params.id ?? "",
      appointmentId: text(body.appointment),
      answers: body.answers,
      signature: body.signature,
      drawing: body.drawing,
      channel: "online",
      client: signingClient(request, context),
    });
    if (!result.ok) return result;
    return apiJson(
      {
        success: true,
        message: result.message,
        submission: {
          id: result.submission.id,
          submittedAt: result.submission.submittedAt.toISOString(),
        },
      },
      201,
    );
  },
});
