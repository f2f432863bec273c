import { resendVerification } from "~/models/accounts/email-verification.server";
import { apiJson, apiRoute } from "~/http/api.server";

/** `POST /api/resend-verification` -> {success, message}: a new verification link by mail. */
export const { loader, action } = apiRoute({
  method: "POST",
  auth: true,
  async handler({ user, context }) {
    const result = await resendVerification(user, { clientIp: context.clientIp });
    if (!result.ok) return result;
    return apiJson({ success: true, message: result.message });
  },
});
