/**
 * Patients as the front desk finds and records them: the search by name words, e-mail or
 * phone digits, the record for a caller without an account, the card (its read audited),
 * and the phone a booking leaves on the patient. The staff pages and `/api/staff/*` alike.
 */
import type { Prisma, PrismaClient } from "@prisma/client";
import { ACTIVE_STATUSES } from "~/utils/appointment-status";
import { prisma } from "~/utils/db.server";
import { fail, isUniqueViolation, ok, type Result } from "~/utils/result";
import { limitStaffWrite } from "~/utils/rate-limit.server";
import type { StaffActor } from "~/utils/roles.server";
import { validateFields } from "~/validation/form";
import { callerRecordSchema } from "~/validation/patient";
import { recordAudit } from "./audit.server";
import { type AppointmentJson, toAppointmentJson, WITH_DETAILS } from "./booking/visit";

type Db = PrismaClient | Prisma.TransactionClient;
export type { StaffActor };

/** A phone number's digits alone ("+1 (555) 010-0123" -> "15550100123"). */
export function phoneDigitsOf(phone: string): string {
  return phone.replace(/\D/g, "");
}

/** The number given at a booking becomes the patient's: the desk finds them by it. */
export async function keepPatientPhone(db: Db, userId: string, phone: string) {
  await db.user.updateMany({
    where: { id: userId, phone: { not: phone } },
    data: { phone, phoneDigits: phoneDigitsOf(phone) },
  });
}

export type PatientMatch = {
  id: string;
  name: string;
  email: string;
  phone: string;
  hasAccount: boolean;
};

const SEARCH_LIMIT = 25;
const PHONE_LIKE = /^[+\d\s().-]+$/;

/**
 * Patients matching `query` (at least 2 characters): every word of it in the name (in any
 * order), the e-mail or, by its digits, the phone; or the whole of a typed phone number by
 * its digits, however either was written.
 */
export async function searchPatients(query: string): Promise<PatientMatch[]> {
  const term = query.trim().slice(0, 100);
  if (term.length < 2) return [];
  const words = term.split(/\s+/).slice(0, 6);
  const everyWord: Prisma.UserWhereInput[] = words.map((word) => {
    const digits = phoneDigitsOf(word);
    return {
      OR: [
        { name: { contains: word } },
        { email: { contains: word.toLowerCase() } },
        ...(digits.length >= 3 ? [{ phoneDigits: { contains: digits } }] : []),
      ],
    };
  });
  const wholeNumber = phoneDigitsOf(term);
  const rows = await prisma.user.findMany({
    where: {
      role: "patient",
      OR: [
        { AND: everyWord },
        ...(PHONE_LIKE.test(term) && wholeNumber.length >= 3
          ? [{ phoneDigits: { contains: wholeNumber } }]
          : []),
      ],
    },
    select: { id: true, name: true, email: true, phone: true, passwordHash: true, googleId: true },
    orderBy: [{ name: "asc" }, { id: "asc" }],
    take: SEARCH_LIMIT,
  });
  return rows.map(({ passwordHash, googleId, ...row }) => ({
    ...row,
    hasAccount: passwordHash !== null || googleId !== null,
  }));
}

/** A patient named by id or e-mail (the desk's API), or null. */
export async function findPatient(idOrEmail: string) {
  const wanted = idOrEmail.trim();
  if (!wanted || wanted.length > 254) return null;
  return prisma.user.findFirst({
    where: { role: "patient", OR: [{ id: wanted }, { email: wanted.toLowerCase() }] },
    select: { id: true, name: true, email: true, phone: true },
  });
}

/** A patient's card (contact, upcoming and past visits); the read is audited. */
export async function patientCard(actor: StaffActor, patientId: string, now: Date = new Date()) {
  const patient = await prisma.user.findFirst({
    where: { id: patientId, role: "patient" },
    select: {
      id: true,
      name: true,
      email: true,
      phone: true,
      address: true,
      createdAt: true,
      passwordHash: true,
      googleId: true,
    },
  });
  if (!patient) return null;
  const [rows] = await prisma.$transaction(async (tx) => [
    await tx.appointment.findMany({
      where: { userId: patientId },
      include: WITH_DETAILS,
      orderBy: [{ startsAt: "asc" }, { createdAt: "asc" }],
    }),
    await recordAudit(tx, {
      actor,
      action: "patient.view",
      entityType: "patient",
      entityId: patientId,
      patientId,
      summary: "Viewed the patient's card",
    }),
  ]);
  const visits = rows.map(toAppointmentJson);
  const upcoming = (a: AppointmentJson) =>
    (ACTIVE_STATUSES as string[]).includes(a.status) && new Date(a.endsAt) > now;
  const { passwordHash, googleId, ...contact } = patient;
  return {
    patient: { ...contact, hasAccount: passwordHash !== null || googleId !== null },
    upcoming: visits.filter(upcoming),
    past: visits.filter((a) => !upcoming(a)).reverse(),
  };
}

const ON_FILE_MESSAGE = "A patient with that e-mail address is already on file: search for them.";

/**
 * A patient record for a caller, without a password: they claim it by registering with
 * the same address. An address already on file is refused with the record to use.
 */
export async function createCallerRecord(
  actor: StaffActor,
  input: { name?: unknown; email?: unknown; phone?: unknown },
): Promise<Result<{ patientId: string }>> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  const checked = validateFields(callerRecordSchema, input);
  if (!checked.ok) return checked;
  const { name, email, phone } = checked.data;
  const existing = await prisma.user.findUnique({ where: { email }, select: { id: true } });
  if (existing) return fail(409, ON_FILE_MESSAGE);
  try {
    const created = await prisma.$transaction(async (tx) => {
      const user = await tx.user.create({
        data: {
          name,
          email,
          phone,
          phoneDigits: phoneDigitsOf(phone),
          passwordHash: null,
          provider: "local",
        },
        select: { id: true },
      });
      await recordAudit(tx, {
        actor,
        action: "patient.create",
        entityType: "patient",
        entityId: user.id,
        patientId: user.id,
        summary: "Created a patient record (no password)",
        after: { name, email, phone },
      });
      return user;
    });
    return ok({ patientId: created.id });
  } catch (error) {
    if (isUniqueViolation(error)) return fail(409, ON_FILE_MESSAGE);
    throw error;
  }
}
