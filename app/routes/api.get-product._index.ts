import { getAllServices } from "~/models/service.server";
import { apiJson, apiRoute } from "~/utils/api.server";

/** `GET /api/get-product` -> {success, products}: every service, by name. */
export const { loader, action } = apiRoute({
  method: "GET",
  handler: async () => apiJson({ success: true, products: await getAllServices() }),
});
