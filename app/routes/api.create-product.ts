import type { ActionFunctionArgs } from "@remix-run/node";
import { createService, SERVICE_CREATED } from "~/models/service.server";
import { apiError, apiJson, readBody, requireApiUser, requireMethod } from "~/utils/api.server";

export function loader() {
  return apiError(405, "Method not allowed: use POST");
}

/** `POST /api/create-product` {name, description, price (dollars), photo, category?}. */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const user = await requireApiUser(request);
  const result = await createService(await readBody(request), user.id);
  if (!result.ok) return apiError(result.status, result.message);
  return apiJson({ success: true, message: SERVICE_CREATED, product: result.service }, 201);
}
