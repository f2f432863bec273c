import { exportMyDataWithFamily } from "~/models/family/account.server";
import { apiJson, apiRoute } from "~/http/api.server";

/**
 * GET /api/me/export -> everything stored about the token's owner, the document the My
 * data page downloads (`format`, `version`, `profile`, `appointments`, ...,
 * `familyMembers` for the family the account looks after: the ADRs on my data and on
 * families describe it).
 */
export const { loader, action } = apiRoute({
  method: "GET",
  auth: true,
  async handler({ user }) {
    const result = await exportMyDataWithFamily(user);
    if (!result.ok) return result;
    return apiJson(result.document, 200, { "cache-control": "no-store" });
  },
});
