import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, apiJson } from "~/utils/api.server";
import { getApiUser } from "~/utils/auth.server";

/** GET /api/user-auth -> {ok: true} for a valid token (or session), 401 {ok: false} otherwise. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getApiUser(request);
  return apiJson({ ok: Boolean(user) }, user ? 200 : 401, { "cache-control": "no-store" });
}

export function action() {
  return apiError(405, "Method not allowed: use GET");
}
