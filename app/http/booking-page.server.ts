import type { User } from "@prisma/client";
import { phoneOnlyHint } from "~/models/booking/free-times.server";
import { visitCapRefusal } from "~/models/booking/choices.server";
import { getClinicSettings, getPublicClinic } from "~/models/settings/clinic-settings.server";
import { bookingChoices } from "~/models/team/dentists.server";
import { unverifiedRefusal } from "~/models/accounts/email-verification.server";
import { freeDaysFor } from "~/models/booking/next-free-times.server";
import { familyMembers } from "~/models/family/links.server";
import { formatDuration, formatTime } from "~/utils/clinic-format";
import { addDays, clinicNow, isIsoDate, normalizeTime } from "~/utils/clinic-time";
import { prisma } from "~/infra/db.server";
import { formatPrice } from "~/utils/format";

/**
 * The phone a booking form starts with: the one on the patient's record, else the one
 * their latest booking gave (a patient types it once).
 */
async function knownPhone(user: Pick<User, "id" | "phone">): Promise<string> {
  if (user.phone) return user.phone;
  const latest = await prisma.appointment.findFirst({
    where: { userId: user.id, phone: { not: "" } },
    orderBy: { createdAt: "desc" },
    select: { phone: true },
  });
  return latest?.phone ?? "";
}

/**
 * What the booking form opens with. The query may name the service (a service page's
 * link), the dentist (and a recall token: a recall invitation's link), a date and time (a choice of the first-free strip without
 * JavaScript) and the strip's first day (`from`); what does not fit is left out. A patient
 * already at the visit cap is told so at once, instead of after filling the form in.
 */
export async function bookingPageData(request: Request, user: User, now: Date = new Date()) {
  const query = new URL(request.url).searchParams;
  const [{ services, dentists }, settings, clinic] = await Promise.all([
    bookingChoices(),
    getClinicSettings(),
    getPublicClinic(),
  ]);
  const verifyFirst = unverifiedRefusal(user)?.message ?? null;
  // Who the visit is for (docs/decisions/046-families.md): the account, a family member it
  // may book for (?patient=), or someone new to add ("new").
  const members = verifyFirst
    ? []
    : (await familyMembers(user.id)).filter((member) => member.mayBook);
  const wantedPatient = query.get("patient") ?? "";
  const member = members.find((entry) => entry.id === wantedPatient) ?? null;
  const patient = wantedPatient === "new" ? "new" : (member?.id ?? "");
  const [capped, phone] = verifyFirst
    ? [null, ""]
    : await Promise.all([
        patient === "new"
          ? null
          : visitCapRefusal(member?.id ?? user.id, settings, now, member?.name ?? null),
        knownPhone(user),
      ]);

  const requested = query.get("service");
  const service = services.find((entry) => entry.value === requested);
  const wantedDentist = query.get("dentist") ?? "";
  const dentist = service?.dentistIds.includes(wantedDentist) ? wantedDentist : "";
  const today = clinicNow(now, settings.timeZone).date;
  const maxDate = addDays(today, settings.horizonDays);
  const wantedDate = query.get("date") ?? "";
  const date =
    isIsoDate(wantedDate) && wantedDate >= today && wantedDate <= maxDate ? wantedDate : "";
  const time = date ? (normalizeTime(query.get("time") ?? "") ?? "") : "";
  const strip =
    service && !verifyFirst && !capped
      ? await freeDaysFor({ service: service.value, dentist, from: query.get("from") }, now)
      : null;
  const clock = { timeZone: settings.timeZone, locale: settings.locale };

  return {
    user: { name: patient === "new" ? "" : (member?.name ?? user.name), email: user.email, phone },
    family: {
      members: members.map((entry) => ({ id: entry.id, name: entry.name })),
      patient,
    },
    verifyFirst,
    capped: capped?.message ?? null,
    services: services.map((entry) => ({
      ...entry,
      duration: formatDuration(entry.durationMinutes),
      price: formatPrice(entry.priceCents),
    })),
    dentists,
    selected: { service: service?.value ?? "", dentist, date, time },
    // A recall invitation's link also carries its token (docs/decisions/035-recall.md).
    recall: query.get("recall")?.slice(0, 100) ?? "",
    strip: strip?.ok
      ? {
          service: strip.service,
          dentist: strip.dentist,
          from: strip.from,
          days: strip.days,
          next: strip.next,
          message: strip.message,
        }
      : null,
    minDate: today,
    maxDate,
    gridMinutes: settings.gridMinutes,
    hours: clinic.hours.map((row) => `${row.days}: ${row.text}`).join("; "),
    zoneName: clinic.zoneName,
    timeHint: `Appointments start every ${settings.gridMinutes} minutes, for example ${formatTime("09:00", clock)} or ${formatTime("09:30", clock)}; the visit must end by closing time. ${phoneOnlyHint(settings, now)}`,
  };
}
