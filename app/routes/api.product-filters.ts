import type { ActionFunctionArgs } from "@remix-run/node";
import { filterProducts } from "~/models/product.server";
import { apiError, apiJson, readBody, requireMethod } from "~/utils/api.server";

export function loader() {
  return apiError(405, "Method not allowed: use POST with { checked, radio }");
}

export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const result = await filterProducts(await readBody(request));
  if (!result.ok) return apiError(result.status, result.message);
  const { page, total, products } = result;
  return apiJson({ success: true, page, total, products });
}
