import { endSession } from "~/models/accounts/sessions.server";
import { apiJson, apiRoute } from "~/http/api.server";
import { requestToken } from "~/http/auth.server";

/**
 * `DELETE /api/me/sessions/{id}` -> {success, message}: signs that device of the token's
 * account out (the token's own session too, when it is the one named).
 */
export const { loader, action } = apiRoute({
  method: "DELETE",
  auth: true,
  async handler({ request, params, user }) {
    const result = await endSession(user.id, params.id, await requestToken(request));
    if (!result.ok) return result;
    return apiJson({ success: true, message: result.message });
  },
});
