import type { ActionFunctionArgs } from "@remix-run/node";
import { filterServices } from "~/models/service.server";
import { apiError, apiJson, readBody, requireMethod } from "~/utils/api.server";

export function loader() {
  return apiError(405, "Method not allowed: use POST with { checked, radio }");
}

export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const result = await filterServices(await readBody(request));
  if (!result.ok) return apiError(result.status, result.message);
  const { page, total, services } = result;
  return apiJson({ success: true, page, total, products: services });
}
