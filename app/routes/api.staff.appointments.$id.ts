import { staffChangeStatus, staffMove } from "~/models/front-desk/changes.server";
import { apiJson, apiRoute } from "~/http/api.server";
import { invalid } from "~/utils/result";
import { staffActor } from "~/http/roles.server";

const text = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * `PATCH /api/staff/appointments/{id}` with `{status, reason?}` (confirmed, checked_in,
 * completed, no_show, cancelled) or `{date, time, dentist?, chair?}` (a move):
 * {success, appointment}. The screens' rules and messages; dentists change status only.
 */
export const { loader, action } = apiRoute({
  method: "PATCH",
  auth: true,
  permission: "appointments.changeStatus",
  handler: async ({ params, body, user }) => {
    const id = params.id ?? "";
    const isMove = body.date !== undefined || body.time !== undefined;
    if (!isMove && body.status === undefined) {
      return invalid("Please send a status, or a date and time to move the appointment to.");
    }
    const status = text(body.status);
    const actor = staffActor(user);
    const result = isMove
      ? await staffMove(actor, id, {
          date: text(body.date),
          time: text(body.time),
          dentist: text(body.dentist),
          chair: text(body.chair),
        })
      : await staffChangeStatus(actor, id, status, text(body.reason));
    if (!result.ok) return result;
    return apiJson({ success: true, appointment: result.appointment });
  },
});
