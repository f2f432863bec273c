import { retryFailedMessage } from "~/models/mail/outbox-admin.server";
import { apiJson, apiRoute } from "~/http/api.server";
import { staffActor } from "~/http/roles.server";

/** `POST /api/admin/outbox/{id}/retry` -> {success, message}: a failed mail sent again. */
export const { loader, action } = apiRoute({
  method: "POST",
  auth: true,
  permission: "outbox.manage",
  async handler({ params, user }) {
    const result = await retryFailedMessage(params.id ?? "", staffActor(user));
    if (!result.ok) return result;
    return apiJson({ success: true, message: result.message });
  },
});
