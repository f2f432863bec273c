/**
 * Booking for a family member (docs/decisions/049-families.md): whom a booking names, as
 * the booking form's "Who is this visit for?" and `POST /api/create-appointment`'s
 * optional `patient` say it.
 */
import { prisma } from "~/infra/db.server";
import { fail, ok, type Result } from "~/utils/result";
import { mayActFor } from "./links.server";
import { FAMILY_TEXT } from "./rules";

export type BookingPatient = {
  /** The record the visit is for: the account's own, or a family member's. */
  patientId: string;
  /** The family member's name; null for the account's own visit. */
  familyName: string | null;
};

/**
 * The patient a booking by account `accountId` is for: its own record when `patient` is
 * absent, empty, "me" or its own id; a family member it may book for (a link in force
 * with the book permission); anything else is refused as not found, so nobody learns
 * whether another family's record exists.
 */
export async function bookingPatient(
  accountId: string,
  patient: unknown,
): Promise<Result<BookingPatient>> {
  if (patient === undefined || patient === null)
    return ok({ patientId: accountId, familyName: null });
  if (typeof patient !== "string") return fail(404, FAMILY_TEXT.notFound);
  const wanted = patient.trim();
  if (wanted === "" || wanted === "me" || wanted === accountId) {
    return ok({ patientId: accountId, familyName: null });
  }
  if (wanted.length > 64 || !(await mayActFor(accountId, wanted, "book"))) {
    return fail(404, FAMILY_TEXT.notFound);
  }
  const record = await prisma.user.findUnique({ where: { id: wanted }, select: { name: true } });
  return record
    ? ok({ patientId: wanted, familyName: record.name })
    : fail(404, FAMILY_TEXT.notFound);
}
