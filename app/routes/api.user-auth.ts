import { apiJson, apiRoute } from "~/http/api.server";
import { getApiUser } from "~/http/auth.server";

/** GET /api/user-auth -> {ok: true} for a valid token (or session), 401 {ok: false} otherwise. */
export const { loader, action } = apiRoute({
  method: "GET",
  refusalBody: ({ message }) => ({ ok: false, success: false, message }),
  async handler({ request }) {
    const user = await getApiUser(request);
    return apiJson({ ok: Boolean(user) }, user ? 200 : 401, { "cache-control": "no-store" });
  },
});
