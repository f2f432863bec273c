/**
 * The front desk's patient search (the Patients screen, the New booking screen and
 * `GET /api/staff/patients`): name words in any order, e-mail, phone digits however typed,
 * date of birth. A dentist finds only their own patients (./access.server.ts).
 */
import type { Prisma } from "@prisma/client";
import { prisma } from "~/infra/db.server";
import { isIsoDate } from "~/utils/clinic-time";
import { NO_EMAIL_DOMAIN, shownEmail } from "./no-email";
import { isEmailAddress } from "~/validation/fields";
import type { StaffActor } from "~/models/roles";
import { ok, type Result } from "~/utils/result";
import { getClinicSettings } from "~/models/settings/clinic-settings.server";
import { patientsInReachWhere, readPatients } from "./access.server";
import { anyCase } from "~/infra/sql-dialect.server";

export type PatientMatch = {
  id: string;
  name: string;
  /** "" for a record without e-mail. */
  email: string;
  phone: string;
  dateOfBirth: string;
  hasAccount: boolean;
};

export const SEARCH_LIMIT = 25;
const PHONE_LIKE = /^[+\d\s().-]+$/;
/** A number longer than this is matched by its last digits: "+1 555..." finds "555...". */
const NATIONAL_DIGITS = 10;

/** A phone number's digits alone ("+1 (555) 010-0123" -> "15550100123"). */
export function phoneDigitsOf(phone: string): string {
  return phone.replace(/\D/g, "");
}

/** The digits a typed number is looked up by: its last ten, so a country code is optional. */
export function phoneKey(phone: string): string {
  return phoneDigitsOf(phone).slice(-NATIONAL_DIGITS);
}

/**
 * A typed date of birth as YYYY-MM-DD: ISO, or day, month and year separated by "/", "."
 * or "-" in the clinic's locale's order (05/17/1980 in en-US, 17.05.1980 in de-DE).
 */
export function dateOfBirthQuery(term: string, locale: string): string | null {
  if (isIsoDate(term)) return term;
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(term);
  if (!match) return null;
  const [, first = "", second = "", year = ""] = match;
  const monthFirst = monthComesFirst(locale);
  const [month, day] = monthFirst ? [first, second] : [second, first];
  const date = `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
  return isIsoDate(date) ? date : null;
}

function monthComesFirst(locale: string): boolean {
  try {
    const parts = new Intl.DateTimeFormat(locale, {
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }).formatToParts(new Date(Date.UTC(2000, 10, 22)));
    const order = parts.filter((part) => part.type === "month" || part.type === "day");
    return order[0]?.type === "month";
  } catch {
    return true;
  }
}

const REAL_EMAIL: Prisma.StringFilter = { not: { endsWith: `@${NO_EMAIL_DOMAIN}` } };

/** Where one word of the query matches: the name, a real e-mail, the phone's digits. */
function wordMatches(word: string): Prisma.UserWhereInput {
  const digits = phoneDigitsOf(word);
  return {
    OR: [
      { name: { contains: word, ...anyCase() } },
      { AND: [{ email: { contains: word.toLowerCase() } }, { email: REAL_EMAIL }] },
      ...(digits.length >= 3 && digits.length === word.replace(/[\s().+-]/g, "").length
        ? [{ phoneDigits: { contains: digits } }]
        : []),
    ],
  };
}

export type SearchOptions = {
  /** Whose search: a dentist finds only their own patients. Every staff door passes it. */
  actor?: StaffActor;
  /** The clinic's locale, for a date of birth typed as 05/17/1980 or 17.05.1980. */
  locale?: string;
};

/**
 * Patients matching `query` (at least 2 characters) that `actor` may find: every word of
 * it in the name (in any order), the e-mail or, by its digits, the phone; or the whole of
 * a typed phone number by its digits, however either was written (a country code on one
 * side only still matches); or a date of birth.
 */
export async function searchPatients(
  query: string,
  { actor, locale = "en-US" }: SearchOptions = {},
): Promise<PatientMatch[]> {
  const term = query.trim().slice(0, 100);
  if (term.length < 2) return [];
  const words = term.split(/\s+/).slice(0, 6);
  const wholeNumber = phoneKey(term);
  const birthDate = dateOfBirthQuery(term, locale);
  // A whole date or a whole address means just that: found through their indexes, where
  // words and digits read every record.
  const matches: Prisma.UserWhereInput = birthDate
    ? { dateOfBirth: birthDate }
    : isEmailAddress(term)
      ? { email: term.toLowerCase() }
      : {
          OR: [
            { AND: words.map(wordMatches) },
            ...(PHONE_LIKE.test(term) && wholeNumber.length >= 3
              ? [{ phoneDigits: { contains: wholeNumber } }]
              : []),
          ],
        };
  const rows = await prisma.user.findMany({
    where: {
      AND: [{ role: "patient" }, actor ? patientsInReachWhere(actor) : {}, matches],
    },
    select: {
      id: true,
      name: true,
      email: true,
      phone: true,
      dateOfBirth: true,
      passwordHash: true,
      googleId: true,
    },
    orderBy: [{ name: "asc" }, { id: "asc" }],
    take: SEARCH_LIMIT,
  });
  return rows.map(({ passwordHash, googleId, email, ...row }) => ({
    ...row,
    email: shownEmail(email),
    hasAccount: passwordHash !== null || googleId !== null,
  }));
}

/**
 * The staff's search as the Patients screen and `GET /api/staff/patients` answer it: the
 * matches `actor` may find, the read of their contact details counted and audited once
 * (./access.server.ts); the 429 when the hourly bound is reached.
 */
export async function findPatientsFor(
  actor: StaffActor,
  query: string,
): Promise<Result<{ patients: PatientMatch[] }>> {
  const { locale } = await getClinicSettings();
  const patients = await searchPatients(query, { actor, locale });
  if (patients.length === 0) return ok({ patients });
  const refused = await readPatients(actor, {
    patientIds: patients.map((patient) => patient.id),
    action: "patient.list",
    entityType: "patient",
    summary: `Searched the patients: ${patients.length} ${patients.length === 1 ? "match" : "matches"} shown`,
  });
  return refused ?? ok({ patients });
}

/**
 * The number given at a booking or on the waiting list becomes the patient's: the desk
 * finds them by it.
 */
export async function keepPatientPhone(userId: string, phone: string) {
  if (!phone.trim()) return;
  await prisma.user.updateMany({
    where: { id: userId, phone: { not: phone } },
    data: { phone, phoneDigits: phoneDigitsOf(phone) },
  });
}

/**
 * A patient named by id or e-mail (the desk's API), or null; `email` is "" for a record
 * without an address, so a booking copies none onto the visit.
 */
export async function findPatient(idOrEmail: string) {
  const wanted = idOrEmail.trim();
  if (!wanted || wanted.length > 254) return null;
  const patient = await prisma.user.findFirst({
    where: { role: "patient", OR: [{ id: wanted }, { email: wanted.toLowerCase() }] },
    select: { id: true, name: true, email: true, phone: true },
  });
  return patient ? { ...patient, email: shownEmail(patient.email) } : null;
}
