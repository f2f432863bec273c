import { requestPasswordReset } from "~/models/accounts/password-reset.server";
import { ACCOUNT_RESULTS } from "~/models/accounts/user.server";
import { apiJson, apiRoute } from "~/http/api.server";

/**
 * POST /api/forgot-password {email, newPassword} -> {success, message}. The new password
 * takes effect only through the link mailed to the address.
 */
export const { loader, action } = apiRoute({
  method: "POST",
  unexpectedMessage: ACCOUNT_RESULTS.somethingWentWrong,
  async handler({ body, context }) {
    const result = await requestPasswordReset(body, { clientIp: context.clientIp });
    if (!result.ok) return result;
    return apiJson({ success: true, message: result.message });
  },
});
