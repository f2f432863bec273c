import { getServiceByIdOrSlug } from "~/models/services/catalog.server";
import { apiRoute, publicApiJson } from "~/http/api.server";

/** `GET /api/get-product/{id}` (the slug works too) -> {success, product}. */
export const { loader, action } = apiRoute({
  method: "GET",
  async handler({ params }) {
    const result = await getServiceByIdOrSlug(params.id ?? "");
    if (!result.ok) return result;
    return publicApiJson({ success: true, product: result.service });
  },
});
