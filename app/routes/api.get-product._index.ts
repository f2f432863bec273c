import { getAllServices } from "~/models/service.server";
import { apiError, apiJson } from "~/utils/api.server";

export async function loader() {
  return apiJson({ success: true, products: await getAllServices() });
}

export function action() {
  return apiError(405, "Method not allowed: use GET");
}
