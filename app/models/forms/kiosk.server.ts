/**
 * "Fill at the desk" (docs/decisions/050-medical-history-and-consent-forms.md): reception opens
 * it for an arriving patient and reads out a one-time code; typed on the clinic's tablet
 * (/kiosk) it ties that tablet, through a cookie of its own, to this patient's forms for
 * this visit and nothing else. The patient confirms their name and date of birth, fills and
 * signs, and the tablet locks again: when the forms are done, when they press Finish, after
 * three wrong answers, or when the half hour is up. The tablet never uses a staff session.
 */
import { randomBytes, randomInt } from "node:crypto";
import { prisma } from "~/infra/db.server";
import { limitLinkAction, limitStaffWrite, type LinkClient } from "~/infra/rate-limit.server";
import { hashToken } from "~/infra/token-hash.server";
import { recordAudit } from "~/models/audit/trail.server";
import { ACTIVE_STATUSES } from "~/models/booking/appointment-status";
import type { StaffActor } from "~/models/roles";
import { fail, invalid, isUniqueViolation, ok, type Result } from "~/utils/result";
import { formsForVisits } from "./due.server";
import type { ActiveForm } from "./templates.server";

export const KIOSK_MINUTES = 30;
export const KIOSK_ATTEMPTS = 3;

export const KIOSK_MESSAGES = {
  unknownVisit: "There is no such visit to come.",
  noPatient: "This visit has no patient record to fill forms for.",
  noBirthDate:
    "Please add the patient's date of birth to their record first: the patient confirms it on the tablet.",
  code: "That code is not right, or it has expired. Please ask at the desk for a new one.",
  name: "Please type your full name.",
  birthDate: "Please enter your date of birth.",
  mismatch: "That does not match our record. Please check both and try again.",
  locked: "This screen is locked. Please hand the tablet back to reception.",
} as const;

type Kiosk = {
  id: string;
  patientId: string;
  appointmentId: string | null;
  status: string;
  attempts: number;
  expiresAt: Date;
};

/**
 * Opens the tablet for the patient of visit `appointmentId`: any tablet still open for
 * them is locked, and a new six-digit code (valid half an hour, typed once) is answered.
 */
export async function openKiosk(
  actor: StaffActor,
  appointmentId: string,
  now: Date = new Date(),
): Promise<Result<{ code: string; expiresAt: Date; patient: string }>> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  const visit = await prisma.appointment.findFirst({
    where: { id: appointmentId, status: { in: ACTIVE_STATUSES }, endsAt: { gt: now } },
    select: { id: true, userId: true, user: { select: { name: true, dateOfBirth: true } } },
  });
  if (!visit) return fail(404, KIOSK_MESSAGES.unknownVisit);
  if (!visit.userId || !visit.user) return invalid(KIOSK_MESSAGES.noPatient);
  if (!visit.user.dateOfBirth) return invalid(KIOSK_MESSAGES.noBirthDate);
  const expiresAt = new Date(now.getTime() + KIOSK_MINUTES * 60_000);
  for (let attempt = 0; ; attempt += 1) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    try {
      await prisma.$transaction(async () => {
        await prisma.kioskSession.updateMany({
          where: { patientId: visit.userId!, status: { not: "locked" } },
          data: { status: "locked", codeHash: null, tokenHash: null, lockedAt: now },
        });
        await prisma.kioskSession.create({
          data: {
            patientId: visit.userId!,
            appointmentId: visit.id,
            openedById: actor.id,
            codeHash: hashToken(code),
            expiresAt,
          },
        });
        await recordAudit({
          actor,
          action: "form.desk_open",
          entityType: "Appointment",
          entityId: visit.id,
          patientId: visit.userId,
          summary: "Opened the tablet for the patient's forms",
        });
      });
      return ok({ code, expiresAt, patient: visit.user.name });
    } catch (error) {
      // Another open tablet holds the same code: draw again.
      if (!isUniqueViolation(error) || attempt >= 5) throw error;
    }
  }
}

/** The code typed on the tablet: the tablet's own token (for its cookie) when it is right. */
export async function pairKiosk(
  code: unknown,
  client: LinkClient,
  now: Date = new Date(),
): Promise<Result<{ token: string }>> {
  const limited = await limitLinkAction("kiosk", client);
  if (limited) return limited;
  const typed = typeof code === "string" ? code.replace(/\s/g, "") : "";
  if (!/^\d{6}$/.test(typed)) return { ...invalid(KIOSK_MESSAGES.code), field: "code" };
  const token = randomBytes(32).toString("base64url");
  const { count } = await prisma.kioskSession.updateMany({
    where: { codeHash: hashToken(typed), status: "waiting", expiresAt: { gt: now } },
    data: { codeHash: null, tokenHash: hashToken(token), status: "confirming" },
  });
  if (count === 0) return { ...invalid(KIOSK_MESSAGES.code), field: "code" };
  return ok({ token });
}

async function kioskOf(token: string | null, now: Date): Promise<Kiosk | null> {
  if (!token) return null;
  const kiosk = await prisma.kioskSession.findUnique({ where: { tokenHash: hashToken(token) } });
  if (!kiosk || kiosk.status === "locked") return null;
  if (kiosk.expiresAt <= now) {
    await lock(kiosk.id, now);
    return null;
  }
  return kiosk;
}

async function lock(id: string, now: Date) {
  await prisma.kioskSession.update({
    where: { id },
    data: { status: "locked", codeHash: null, tokenHash: null, lockedAt: now },
  });
}

export type KioskScreen =
  | { status: "locked" }
  | { status: "confirming" }
  | { status: "filling"; patientId: string; appointmentId: string | null; forms: ActiveForm[] };

/** What the tablet shows for its token: locked, the identity check, or the forms still due. */
export async function kioskScreen(
  token: string | null,
  now: Date = new Date(),
): Promise<KioskScreen> {
  const kiosk = await kioskOf(token, now);
  if (!kiosk) return { status: "locked" };
  if (kiosk.status !== "filling") return { status: "confirming" };
  return {
    status: "filling",
    patientId: kiosk.patientId,
    appointmentId: kiosk.appointmentId,
    forms: await kioskForms(kiosk),
  };
}

async function kioskForms(kiosk: Kiosk): Promise<ActiveForm[]> {
  if (!kiosk.appointmentId) return [];
  const visit = await prisma.appointment.findUnique({
    where: { id: kiosk.appointmentId },
    select: { id: true, userId: true, date: true, serviceId: true, startsAt: true },
  });
  if (!visit || visit.userId !== kiosk.patientId) return [];
  return (await formsForVisits([visit])).get(visit.id)?.due ?? [];
}

/** Names compared as people type them: case, accents and spacing aside. */
export function sameName(typed: string, record: string): boolean {
  const plain = (name: string) =>
    name
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim();
  return plain(typed) !== "" && plain(typed) === plain(record);
}

/**
 * The patient's name and date of birth against their record: the forms open when both
 * match; the third miss locks the tablet.
 */
export async function confirmKiosk(
  token: string | null,
  input: { name?: unknown; dateOfBirth?: unknown },
  now: Date = new Date(),
): Promise<Result<{ locked: boolean }>> {
  const kiosk = await kioskOf(token, now);
  if (!kiosk) return fail(403, KIOSK_MESSAGES.locked);
  if (kiosk.status !== "confirming") return ok({ locked: false });
  const name = typeof input.name === "string" ? input.name.trim() : "";
  const dateOfBirth = typeof input.dateOfBirth === "string" ? input.dateOfBirth.trim() : "";
  if (!name) return { ...invalid(KIOSK_MESSAGES.name), field: "name" };
  if (!dateOfBirth) return { ...invalid(KIOSK_MESSAGES.birthDate), field: "dateOfBirth" };
  const patient = await prisma.user.findUniqueOrThrow({
    where: { id: kiosk.patientId },
    select: { name: true, dateOfBirth: true },
  });
  if (sameName(name, patient.name) && dateOfBirth === patient.dateOfBirth) {
    await prisma.kioskSession.update({ where: { id: kiosk.id }, data: { status: "filling" } });
    return ok({ locked: false });
  }
  const attempts = kiosk.attempts + 1;
  if (attempts >= KIOSK_ATTEMPTS) {
    await prisma.kioskSession.update({
      where: { id: kiosk.id },
      data: { attempts, status: "locked", codeHash: null, tokenHash: null, lockedAt: now },
    });
    return fail(403, KIOSK_MESSAGES.locked);
  }
  await prisma.kioskSession.update({ where: { id: kiosk.id }, data: { attempts } });
  return { ...invalid(KIOSK_MESSAGES.mismatch), field: "name" };
}

/** Locks the tablet (Finish, or the last form signed). */
export async function lockKiosk(token: string | null, now: Date = new Date()): Promise<void> {
  const kiosk = await kioskOf(token, now);
  if (kiosk) await lock(kiosk.id, now);
}

/** The patient and visit a tablet that passed the identity check fills forms for, or null. */
export async function fillingKiosk(
  token: string | null,
  now: Date = new Date(),
): Promise<{ patientId: string; appointmentId: string | null } | null> {
  const kiosk = await kioskOf(token, now);
  return kiosk?.status === "filling"
    ? { patientId: kiosk.patientId, appointmentId: kiosk.appointmentId }
    : null;
}
