import { countServices } from "~/models/service.server";
import { apiError, apiJson } from "~/utils/api.server";

export async function loader() {
  return apiJson({ success: true, total: await countServices() });
}

export function action() {
  return apiError(405, "Method not allowed: use GET");
}
