/**
 * The forms on a visit's page (docs/decisions/050-medical-history-and-consent-forms.md): which
 * are due for it, the patient's newest signed ones (titles and dates: the answers are one
 * audited read away), and whether this staff member may open the desk's tablet for it.
 */
import { prisma } from "~/infra/db.server";
import { ACTIVE_STATUSES } from "~/models/booking/appointment-status";
import { hasPermission } from "~/models/permissions";
import { getClinicSettings } from "~/models/settings/clinic-settings.server";
import { formatStamp } from "~/utils/clinic-format";
import { formsForVisits } from "./due.server";
import { activeForms } from "./templates.server";

/** A visit the desk may open the tablet for: still to come or under way, with its patient. */
export function deskVisit(id: string) {
  return prisma.appointment.findFirst({
    where: {
      id,
      status: { in: ACTIVE_STATUSES },
      endsAt: { gt: new Date() },
      userId: { not: null },
    },
    select: { id: true, name: true, date: true, time: true },
  });
}

export type VisitFormsView = {
  due: { id: string; title: string }[];
  signed: { id: string; title: string; signedAt: string; toReview: boolean }[];
  /** The desk may open the tablet for this visit. */
  desk: boolean;
};

export async function visitForms(
  viewer: { id: string; role: string },
  appointmentId: string,
): Promise<VisitFormsView | null> {
  const visit = await prisma.appointment.findUnique({
    where: { id: appointmentId },
    select: {
      id: true,
      userId: true,
      date: true,
      serviceId: true,
      startsAt: true,
      endsAt: true,
      status: true,
    },
  });
  if (!visit?.userId) return null;
  const [forms, settings] = await Promise.all([activeForms(), getClinicSettings()]);
  const { due, signed } = (await formsForVisits([visit], forms)).get(visit.id)!;
  const clock = { timeZone: settings.timeZone, locale: settings.locale };
  const newest = forms.flatMap((form) => {
    const submission = signed.find((entry) => entry.templateId === form.id);
    return submission
      ? [
          {
            id: submission.id,
            title: form.version.title,
            signedAt: formatStamp(submission.submittedAt, clock),
            toReview: form.kind === "history" && !submission.reviewed,
          },
        ]
      : [];
  });
  return {
    due: due.map((form) => ({ id: form.id, title: form.version.title })),
    signed: newest,
    desk:
      hasPermission(viewer, "forms.desk") &&
      (ACTIVE_STATUSES as string[]).includes(visit.status) &&
      visit.endsAt > new Date(),
  };
}
