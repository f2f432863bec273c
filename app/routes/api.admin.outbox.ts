import { listOutbox } from "~/models/outbox-admin.server";
import { apiJson, apiRoute } from "~/utils/api.server";
import { staffScreenRoles } from "~/utils/staff-screens";

/** `GET /api/admin/outbox?status=failed` -> {success, messages}: reception and admins. */
export const { loader, action } = apiRoute({
  method: "GET",
  auth: true,
  // The failed-mail screen's own roles: reception and admins.
  roles: staffScreenRoles("/staff/outbox"),
  async handler({ request }) {
    const status = new URL(request.url).searchParams.get("status");
    const result = await listOutbox({ status });
    if (!result.ok) return result;
    return apiJson({ success: true, messages: result.messages });
  },
});
