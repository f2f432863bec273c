import { retryFailedMessage } from "~/models/outbox.server";
import { apiJson, apiRoute } from "~/utils/api.server";
import { limitStaffWrite } from "~/utils/rate-limit.server";
import { staffActor } from "~/utils/roles.server";

/** `POST /api/admin/outbox/{id}/retry` -> {success, message}: a failed mail sent again. */
export const { loader, action } = apiRoute({
  method: "POST",
  auth: true,
  roles: ["admin"],
  async handler({ params, user }) {
    const limited = await limitStaffWrite(user.id);
    if (limited) return limited;
    const result = await retryFailedMessage(params.id ?? "", staffActor(user));
    if (!result.ok) return result;
    return apiJson({ success: true, message: result.message });
  },
});
