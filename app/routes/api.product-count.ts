import { countServices } from "~/models/services/catalog.server";
import { apiRoute, publicApiJson } from "~/http/api.server";

/** `GET /api/product-count` -> {success, total}. */
export const { loader, action } = apiRoute({
  method: "GET",
  handler: async () => publicApiJson({ success: true, total: await countServices() }),
});
