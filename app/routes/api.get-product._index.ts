import { getAllProducts } from "~/models/product.server";
import { apiError, apiJson } from "~/utils/api.server";

export async function loader() {
  return apiJson({ success: true, products: await getAllProducts() });
}

export function action() {
  return apiError(405, "Method not allowed: use GET");
}
