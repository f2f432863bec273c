import type { User } from "@prisma/client";
import { clinicNow } from "~/utils/clinic-time";
import { parseRange, type ReportRange } from "./periods";
import { scopeOf } from "~/models/permissions";
import { getClinicSettings } from "~/models/settings/clinic-settings.server";
import { dentistOfAccount, type ReportScope } from "./reports.server";

export const NOT_LINKED_MESSAGE =
  "Your account is not linked to a dentist of the team, so there are no figures of your own yet. An admin links it on the Dentists screen.";

/**
 * Whose figures a staff member sees (an admin the clinic's, a dentist their own) and the
 * range the query asks for: what the reports page and its CSV export share.
 */
export async function reportRequest(
  user: Pick<User, "id" | "role">,
  url: URL,
): Promise<
  | { ok: true; scope: ReportScope; dentistName: string | null; range: ReportRange }
  | { ok: false; status: number; field: string | null; message: string; range: null }
> {
  let scope: ReportScope = { dentistId: null };
  let dentistName: string | null = null;
  if (scopeOf(user, "reports.view") !== "all") {
    const dentist = await dentistOfAccount(user.id);
    if (!dentist)
      return { ok: false, status: 404, field: null, message: NOT_LINKED_MESSAGE, range: null };
    scope = { dentistId: dentist.id };
    dentistName = dentist.name;
  }
  const settings = await getClinicSettings();
  const parsed = parseRange(
    {
      from: url.searchParams.get("from"),
      to: url.searchParams.get("to"),
      by: url.searchParams.get("by"),
    },
    clinicNow(new Date(), settings.timeZone).date,
  );
  if (!parsed.ok)
    return { ok: false, status: 400, field: parsed.field, message: parsed.message, range: null };
  return { ok: true, scope, dentistName, range: parsed.range };
}
