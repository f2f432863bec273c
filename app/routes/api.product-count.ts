import { countProducts } from "~/models/product.server";
import { apiError, apiJson } from "~/utils/api.server";

export async function loader() {
  return apiJson({ success: true, total: await countProducts() });
}

export function action() {
  return apiError(405, "Method not allowed: use GET");
}
