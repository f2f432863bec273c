/** The staff API's list of a day's visits (GET /api/staff/appointments). */
import { addDays, clinicTimeToUtc } from "~/utils/clinic-time";
import { prisma } from "~/infra/db.server";
import { invalid, ok, type Result } from "~/utils/result";
import { dateRefusal } from "~/validation/dates";
import { type StaffAppointmentJson, toStaffAppointmentJson, WITH_DETAILS } from "../booking/visit";
import { getClinicSettings } from "~/models/settings/clinic-settings.server";

/** A staff member's JSON list of one day's visits (optionally one dentist's, by id or slug). */
export async function staffAppointmentsOn(query: {
  date: string | null;
  dentist: string | null;
}): Promise<Result<{ appointments: StaffAppointmentJson[] }>> {
  const date = query.date?.trim() ?? "";
  const refusedDate = dateRefusal(date);
  if (refusedDate) return refusedDate;
  const settings = await getClinicSettings();
  let dentistId: string | undefined;
  if (query.dentist) {
    const dentist = await prisma.dentist.findFirst({
      where: { OR: [{ id: query.dentist }, { slug: query.dentist }] },
      select: { id: true },
    });
    if (!dentist) return invalid("There is no such dentist.");
    dentistId = dentist.id;
  }
  const rows = await prisma.appointment.findMany({
    where: {
      startsAt: {
        gte: clinicTimeToUtc(date, "00:00", settings.timeZone),
        lt: clinicTimeToUtc(addDays(date, 1), "00:00", settings.timeZone),
      },
      dentistId,
    },
    include: WITH_DETAILS,
    orderBy: [{ startsAt: "asc" }, { createdAt: "asc" }],
  });
  return ok({ appointments: rows.map(toStaffAppointmentJson) });
}
