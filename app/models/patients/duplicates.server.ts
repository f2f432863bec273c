/**
 * Likely duplicates of a record the desk is about to make (issue 31 item 12): patients with
 * the same phone number (by its digits, a country code on one side only still matching),
 * the same e-mail address, or the same name and date of birth. The desk sees them as the
 * fields are filled (a resource route, with JavaScript) or when it sends the form (without),
 * and uses one of them or creates the record anyway. A lookup that shows matches is a read
 * of their contact details, audited and bounded like the search (ADR 043).
 */
import { prisma } from "~/infra/db.server";
import { isNoEmailAddress, shownEmail } from "~/models/patients/no-email";
import type { StaffActor } from "~/models/roles";
import { isIsoDate } from "~/utils/clinic-time";
import { ok, type Result } from "~/utils/result";
import { isEmailAddress } from "~/validation/fields";
import { patientsInReachWhere, readPatients } from "./access.server";
import type { DuplicateReason, LikelyDuplicate } from "./duplicate-rules";
import { phoneDigitsOf } from "./search.server";
import { MIN_DIGITS, sameName, samePhone } from "./duplicate-rules";

/** What a new record's typed details are looked up by. */
export type DuplicateQuery = {
  name?: unknown;
  email?: unknown;
  phone?: unknown;
  dateOfBirth?: unknown;
};

/** The most matches shown: enough to spot the one; a long list is a search, not a warning. */
const SHOWN = 5;

const text = (value: unknown, max: number) =>
  typeof value === "string" ? value.trim().slice(0, max) : "";

/** The keys worth a lookup: a number of seven digits or more, a whole address, a name with a date of birth. */
export function duplicateKeys(input: DuplicateQuery) {
  const phone = text(input.phone, 40);
  const digits = phoneDigitsOf(phone);
  const email = text(input.email, 254).toLowerCase();
  const name = text(input.name, 100);
  const dateOfBirth = text(input.dateOfBirth, 10);
  return {
    phone: digits.length >= MIN_DIGITS ? phone : null,
    email: isEmailAddress(email) && !isNoEmailAddress(email) ? email : null,
    nameAndBirth: name.length >= 2 && isIsoDate(dateOfBirth) ? { name, dateOfBirth } : null,
  };
}

/** The patients `actor` may find that look like the typed details, each with why. */
export async function findLikelyDuplicates(
  actor: StaffActor,
  input: DuplicateQuery,
): Promise<LikelyDuplicate[]> {
  const keys = duplicateKeys(input);
  const candidates = [
    // The last seven digits find the candidates; samePhone decides.
    ...(keys.phone
      ? [{ phoneDigits: { endsWith: phoneDigitsOf(keys.phone).slice(-MIN_DIGITS) } }]
      : []),
    ...(keys.email ? [{ email: keys.email }] : []),
    ...(keys.nameAndBirth ? [{ dateOfBirth: keys.nameAndBirth.dateOfBirth }] : []),
  ];
  if (candidates.length === 0) return [];
  const rows = await prisma.user.findMany({
    where: { AND: [{ role: "patient" }, patientsInReachWhere(actor), { OR: candidates }] },
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
    take: 50,
  });
  return rows
    .map(({ passwordHash, googleId, email, ...row }) => {
      const reasons: DuplicateReason[] = [];
      if (keys.phone && samePhone(keys.phone, row.phone)) reasons.push("phone");
      if (keys.email && email === keys.email) reasons.push("email");
      if (
        keys.nameAndBirth &&
        row.dateOfBirth === keys.nameAndBirth.dateOfBirth &&
        sameName(row.name, keys.nameAndBirth.name)
      ) {
        reasons.push("name-birth");
      }
      return {
        ...row,
        email: shownEmail(email),
        hasAccount: passwordHash !== null || googleId !== null,
        reasons,
      };
    })
    .filter((match) => match.reasons.length > 0)
    .slice(0, SHOWN);
}

/**
 * The likely duplicates as the desk is shown them: the read of their contact details
 * counted and audited once (./access.server.ts); the 429 when the hourly bound is reached.
 */
export async function likelyDuplicatesFor(
  actor: StaffActor,
  input: DuplicateQuery,
): Promise<Result<{ matches: LikelyDuplicate[] }>> {
  const matches = await findLikelyDuplicates(actor, input);
  const refused = await readPatients(actor, {
    patientIds: matches.map((match) => match.id),
    action: "patient.list",
    entityType: "patient",
    summary: `Checked a new record for duplicates: ${matches.length} likely ${matches.length === 1 ? "match" : "matches"} shown`,
  });
  return refused ?? ok({ matches });
}
