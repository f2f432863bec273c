import { retryFailedMessage } from "~/models/outbox-admin.server";
import { apiJson, apiRoute } from "~/utils/api.server";
import { staffScreenRoles } from "~/utils/staff-screens";
import { limitStaffWrite } from "~/utils/rate-limit.server";
import { staffActor } from "~/utils/roles.server";

/** `POST /api/admin/outbox/{id}/retry` -> {success, message}: a failed mail sent again. */
export const { loader, action } = apiRoute({
  method: "POST",
  auth: true,
  // The failed-mail screen's own roles: reception and admins.
  roles: staffScreenRoles("/staff/outbox"),
  async handler({ params, user }) {
    const limited = await limitStaffWrite(user.id);
    if (limited) return limited;
    const result = await retryFailedMessage(params.id ?? "", staffActor(user));
    if (!result.ok) return result;
    return apiJson({ success: true, message: result.message });
  },
});
