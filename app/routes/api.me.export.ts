import { exportMyData } from "~/models/accounts/my-data.server";
import { apiJson, apiRoute } from "~/http/api.server";

/**
 * GET /api/me/export -> everything stored about the token's owner, the document the My
 * data page downloads (`format`, `version`, `profile`, `appointments`, ...: the ADR on
 * my data describes it).
 */
export const { loader, action } = apiRoute({
  method: "GET",
  auth: true,
  async handler({ user }) {
    const result = await exportMyData(user);
    if (!result.ok) return result;
    return apiJson(result.document, 200, { "cache-control": "no-store" });
  },
});
