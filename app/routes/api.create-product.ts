import { createService, SERVICE_CREATED } from "~/models/services/catalog.server";
import { apiJson, apiRoute } from "~/http/api.server";

/** `POST /api/create-product` {name, description, price (dollars), photo, category?}. */
export const { loader, action } = apiRoute({
  method: "POST",
  auth: true,
  async handler({ body, user }) {
    const result = await createService(body, user.id);
    if (!result.ok) return result;
    return apiJson({ success: true, message: SERVICE_CREATED, product: result.service }, 201);
  },
});
