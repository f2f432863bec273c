import { allServicesInBatches } from "~/models/services/catalog.server";
import { apiRoute, publicApiJsonList } from "~/http/api.server";

/** `GET /api/get-product` -> {success, products}: every service, by name, streamed. */
export const { loader, action } = apiRoute({
  method: "GET",
  handler: async () =>
    publicApiJsonList({ success: true }, "products", await allServicesInBatches()),
});
