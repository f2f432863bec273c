import { deleteAccountWithFamily } from "~/models/family/account.server";
import { apiJson, apiRoute } from "~/http/api.server";

/**
 * DELETE /api/me {password} -> {success: true, message}: deletes the token's account.
 * An account without a password (Google-only) sends no password and must use a token
 * from a Google sign-in of the last 5 minutes. An account that looks after family members
 * without an account of their own says for each `family: { <id>: "keep" | "remove" }`.
 */
export const { loader, action } = apiRoute({
  method: "DELETE",
  auth: true,
  async handler({ request, body, user }) {
    const result = await deleteAccountWithFamily(user, body, { request });
    if (!result.ok) return result;
    return apiJson({ success: true, message: result.message });
  },
});
