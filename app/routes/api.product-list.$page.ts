import type { LoaderFunctionArgs } from "@remix-run/node";
import { getServicePage } from "~/models/service.server";
import { apiError, apiJson } from "~/utils/api.server";

// The query may carry the All Services filter (?checked=…&radio=…) so "load more" works in
// filter mode too.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const result = await getServicePage(params.page, new URL(request.url).searchParams);
  if (!result.ok) return apiError(result.status, result.message);
  return apiJson({ success: true, page: result.page, products: result.services });
}

export function action() {
  return apiError(405, "Method not allowed: use GET");
}
