import { filterServices } from "~/models/services/catalog.server";
import { apiJson, apiRoute } from "~/http/api.server";

/** `POST /api/product-filters` {checked, radio, page?} -> {success, page, total, products}. */
export const { loader, action } = apiRoute({
  method: "POST",
  async handler({ body }) {
    const result = await filterServices(body);
    if (!result.ok) return result;
    const { page, total, services } = result;
    return apiJson({ success: true, page, total, products: services });
  },
});
