import type { LoaderFunctionArgs } from "@remix-run/node";
import { getServiceByIdOrSlug } from "~/models/service.server";
import { apiError, apiJson } from "~/utils/api.server";

export async function loader({ params }: LoaderFunctionArgs) {
  const result = await getServiceByIdOrSlug(params.id ?? "");
  if (!result.ok) return apiError(result.status, result.message);
  return apiJson({ success: true, product: result.service });
}

export function action() {
  return apiError(405, "Method not allowed: use GET");
}
