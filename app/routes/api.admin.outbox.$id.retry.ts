import { retryFailedMessage } from "~/models/outbox.server";
import { apiJson, apiRoute } from "~/utils/api.server";

/** `POST /api/admin/outbox/{id}/retry` -> {success, message}: a failed mail sent again. */
export const { loader, action } = apiRoute({
  method: "POST",
  auth: true,
  roles: ["admin"],
  async handler({ params }) {
    const result = await retryFailedMessage(params.id ?? "");
    if (!result.ok) return result;
    return apiJson({ success: true, message: result.message });
  },
});
