import { redirect } from "@remix-run/node";
import type { User } from "@prisma/client";
import { phoneOnlyHint } from "~/models/booking/free-times.server";
import { visitCapRefusal } from "~/models/booking/choices.server";
import { getClinicSettings, getPublicClinic } from "~/models/settings/clinic-settings.server";
import { bookingChoices } from "~/models/team/dentists.server";
import { unverifiedRefusal } from "~/models/accounts/email-verification.server";
import { freeDaysFor } from "~/models/booking/next-free-times.server";
import { familyMembers } from "~/models/family/links.server";
import { knownPhone } from "~/models/self-service/own-visits.server";
import { formatDuration, formatTime } from "~/utils/clinic-format";
import { addDays, clinicNow, isIsoDate, normalizeTime } from "~/utils/clinic-time";
import { formatPrice } from "~/utils/format";

/** The fields of the booking form a GET of it carries but the page does not take. */
const NOT_IN_THE_ADDRESS = ["name", "email", "phone", "message"];

/**
 * Without JavaScript the form's "Show first free times" sends the whole form as a GET (the
 * service and dentist are the form's own fields): the page is asked again with only the
 * choice (service, dentist, date, time, a recall token), so the patient's details and
 * message never stay in the address or the browser's history.
 */
function keepOnlyTheChoice(query: URLSearchParams) {
  if (!NOT_IN_THE_ADDRESS.some((name) => query.has(name))) return;
  const kept = new URLSearchParams();
  for (const name of ["service", "dentist", "date", "time", "recall", "patient"]) {
    const value = query.get(name)?.trim();
    if (value) kept.set(name, value);
  }
  throw redirect(`/make-appointment?${kept}#first-free`);
}

/**
 * What the booking form opens with. The query may name the service (a service page's
 * link), the dentist (and a recall token: a recall invitation's link), a date and time (a choice of the first-free strip without
 * JavaScript) and the strip's first day (`from`); what does not fit is left out. A patient
 * already at the visit cap is told so at once, instead of after filling the form in.
 */
export async function bookingPageData(request: Request, user: User, now: Date = new Date()) {
  const query = new URL(request.url).searchParams;
  keepOnlyTheChoice(query);
  const [{ services, dentists }, settings, clinic] = await Promise.all([
    bookingChoices(),
    getClinicSettings(),
    getPublicClinic(),
  ]);
  const verifyFirst = unverifiedRefusal(user)?.message ?? null;
  // Who the visit is for (docs/decisions/049-families.md): the account, a family member it
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
