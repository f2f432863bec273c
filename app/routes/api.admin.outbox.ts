import { listOutbox } from "~/models/outbox-admin.server";
import { apiJson, apiRoute } from "~/utils/api.server";

/** `GET /api/admin/outbox?status=failed` -> {success, messages}: reception and admins. */
export const { loader, action } = apiRoute({
  method: "GET",
  auth: true,
  permission: "outbox.manage",
  async handler({ request }) {
    const status = new URL(request.url).searchParams.get("status");
    const result = await listOutbox({ status });
    if (!result.ok) return result;
    return apiJson({ success: true, messages: result.messages });
  },
});
