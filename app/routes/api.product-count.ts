import { countServices } from "~/models/service.server";
import { apiJson, apiRoute } from "~/utils/api.server";

/** `GET /api/product-count` -> {success, total}. */
export const { loader, action } = apiRoute({
  method: "GET",
  handler: async () => apiJson({ success: true, total: await countServices() }),
});
