import { listOutbox } from "~/models/mail/outbox-admin.server";
import { readPatients } from "~/models/patients/access.server";
import { apiJson, apiRoute } from "~/http/api.server";
import { staffActor } from "~/http/roles.server";

/** `GET /api/admin/outbox?status=failed` -> {success, messages}: reception and admins. */
export const { loader, action } = apiRoute({
  method: "GET",
  auth: true,
  permission: "outbox.manage",
  async handler({ request, user }) {
    const status = new URL(request.url).searchParams.get("status");
    const result = await listOutbox({ status });
    if (!result.ok) return result;
    // Each message shows its patient's address: a read of their contact details (ADR 043).
    const patientIds = [...new Set(result.messages.flatMap((message) => message.userId ?? []))];
    const refused = await readPatients(staffActor(user), {
      patientIds,
      action: "patient.list",
      entityType: "outbox",
      summary: `Listed the outbox over the API: addresses of ${patientIds.length} patients`,
    });
    if (refused) return refused;
    return apiJson({ success: true, messages: result.messages });
  },
});
