/**
 * Writing patient records at the desk: a record for a caller (with or without an e-mail
 * address) and staff's edits of a patient's details, alerts and note, each audited in its
 * transaction with the fields by their labels.
 */
import { clinicNow } from "~/utils/clinic-time";
import { prisma } from "~/infra/db.server";
import { isNoEmailAddress, noEmailAddress } from "./no-email";
import { may } from "~/models/permissions";
import { limitStaffWrite } from "~/infra/rate-limit.server";
import { type Failure, fail, invalid, isUniqueViolation, ok, type Result } from "~/utils/result";
import type { StaffActor } from "~/models/roles";
import { validateFields } from "~/validation/form";
import {
  CALLER_MESSAGES,
  callerRecordSchema,
  type PatientDetails,
  patientDetailsSchema,
} from "~/validation/patient";
import { recordAudit } from "~/models/audit/trail.server";
import { getClinicSettings } from "~/models/settings/clinic-settings.server";
import { phoneDigitsOf } from "./search.server";
import { RECORD_FIELDS } from "./alerts.server";
import { DUPLICATES_MESSAGE, type LikelyDuplicate } from "./duplicate-rules";
import { likelyDuplicatesFor } from "./duplicates.server";

const ON_FILE_MESSAGE = "A patient with that e-mail address is already on file: search for them.";
export const NO_SUCH_PATIENT_MESSAGE = "There is no such patient.";
export const SIGNS_IN_MESSAGE =
  "This patient signs in online with that address: they change it themselves on their profile.";
export const EDIT_REFUSED_MESSAGE =
  "Only the front desk and administrators change patient records.";

/** A record the desk was about to make looks like patients already on file: none is made. */
export type DuplicatesFound = Failure & { duplicates: LikelyDuplicate[] };

const isYes = (value: unknown) =>
  value === true || (typeof value === "string" && ["yes", "true", "on", "1"].includes(value));

/**
 * A patient record for a caller, without a password: they claim it by registering with
 * the same address. An address already on file is refused with the record to use. A
 * caller without an e-mail address gets a record too; nothing is mailed to it. Unless
 * `anyway` says the desk has seen them, likely duplicates (same phone, e-mail, or name and
 * date of birth: ./duplicates.server.ts) are answered instead of a new record.
 */
export async function createCallerRecord(
  actor: StaffActor,
  input: {
    name?: unknown;
    email?: unknown;
    phone?: unknown;
    dateOfBirth?: unknown;
    anyway?: unknown;
  },
  now: Date = new Date(),
): Promise<Result<{ patientId: string; noEmail: boolean }> | DuplicatesFound> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  const checked = validateFields(callerRecordSchema, input);
  if (!checked.ok) return checked;
  const { name, phone, dateOfBirth } = checked.data;
  const { timeZone } = await getClinicSettings();
  if (dateOfBirth > clinicNow(now, timeZone).date) {
    return { ...invalid(CALLER_MESSAGES.dateOfBirth), field: "dateOfBirth" };
  }
  const noEmail = checked.data.email === "";
  const email = noEmail ? noEmailAddress() : checked.data.email;
  if (!isYes(input.anyway)) {
    const found = await likelyDuplicatesFor(actor, checked.data);
    if (!found.ok) return found;
    if (found.matches.length > 0) {
      return { ...fail(409, DUPLICATES_MESSAGE), duplicates: found.matches };
    }
  }
  try {
    const created = await prisma.$transaction(async () => {
      const user = await prisma.user.create({
        data: {
          name,
          email,
          phone,
          phoneDigits: phoneDigitsOf(phone),
          dateOfBirth,
          passwordHash: null,
          provider: "local",
        },
        select: { id: true },
      });
      await recordAudit({
        actor,
        action: "patient.create",
        entityType: "patient",
        entityId: user.id,
        patientId: user.id,
        summary: noEmail
          ? "Created a patient record (no password, no e-mail address)"
          : "Created a patient record (no password)",
        after: { name, email: noEmail ? "" : email, phone },
      });
      return user;
    });
    return ok({ patientId: created.id, noEmail });
  } catch (error) {
    // The address is another record's (made anyway, or meanwhile): the unique index says so.
    if (isUniqueViolation(error)) return fail(409, ON_FILE_MESSAGE);
    throw error;
  }
}

/** Field labels as the card shows them, in its order. */
export const DETAIL_LABELS: Record<keyof PatientDetails, string> = {
  name: "name",
  email: "e-mail",
  phone: "phone",
  dateOfBirth: "date of birth",
  address: "address",
  allergies: "allergies",
  conditions: "conditions",
  staffNote: "the clinic's note",
};

/**
 * Fields whose values the audit entry copies (before and after). The date of birth,
 * medical alerts and the clinic's note are named in the summary but never copied: the
 * trail outlives the record, and a deletion empties only contact fields in it.
 */
const COPIED = new Set<keyof PatientDetails>(["name", "email", "phone", "address"]);

/**
 * Saves staff's edit of a patient's details. The e-mail address must not be another
 * record's; emptied, the record keeps no address (nothing is mailed). Changing the address
 * of a record that signs in online is refused: its owner changes it (ADR 042).
 */
export async function updatePatientDetails(
  actor: StaffActor,
  patientId: string,
  input: Record<string, unknown>,
  now: Date = new Date(),
): Promise<Result<{ changed: string[] }>> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  if (!may(actor, "patients.edit")) return fail(403, EDIT_REFUSED_MESSAGE);
  const { timeZone } = await getClinicSettings();
  const checked = validateFields(patientDetailsSchema(clinicNow(now, timeZone).date), input);
  if (!checked.ok) return checked;
  const wanted = checked.data;
  const current = await prisma.user.findFirst({
    where: { id: patientId, role: "patient" },
    select: { ...RECORD_FIELDS, emailVerifiedAt: true },
  });
  if (!current) return fail(404, NO_SUCH_PATIENT_MESSAGE);
  const before: PatientDetails = {
    name: current.name,
    email: isNoEmailAddress(current.email) ? "" : current.email,
    phone: current.phone,
    dateOfBirth: current.dateOfBirth,
    address: current.address,
    allergies: current.allergies,
    conditions: current.conditions,
    staffNote: current.staffNote,
  };
  const fields = Object.keys(DETAIL_LABELS) as (keyof PatientDetails)[];
  const changed = fields.filter((field) => before[field] !== wanted[field]);
  if (changed.length === 0) return ok({ changed: [] });
  const signsIn = current.passwordHash !== null || current.googleId !== null;
  if (changed.includes("email") && signsIn) {
    return { ...fail(409, SIGNS_IN_MESSAGE), field: "email" };
  }
  const copy = (values: PatientDetails) =>
    Object.fromEntries(
      changed.filter((field) => COPIED.has(field)).map((field) => [field, values[field]]),
    );
  try {
    await prisma.$transaction(async () => {
      await prisma.user.update({
        where: { id: patientId },
        data: {
          ...Object.fromEntries(changed.map((field) => [field, wanted[field]])),
          ...(changed.includes("email")
            ? { email: wanted.email || noEmailAddress(), emailVerifiedAt: null }
            : {}),
          ...(changed.includes("phone") ? { phoneDigits: phoneDigitsOf(wanted.phone) } : {}),
        },
      });
      await recordAudit({
        actor,
        action: "patient.update",
        entityType: "patient",
        entityId: patientId,
        patientId,
        summary: `Changed the patient's ${listed(changed.map((field) => DETAIL_LABELS[field]))}`,
        before: copy(before),
        after: copy(wanted),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ...fail(409, ON_FILE_MESSAGE), field: "email" };
    throw error;
  }
  return ok({ changed: changed.map((field) => DETAIL_LABELS[field]) });
}

/** "a, b and c". */
function listed(words: string[]): string {
  return words.length <= 1
    ? (words[0] ?? "")
    : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}
