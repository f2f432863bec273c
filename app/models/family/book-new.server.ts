/**
 * The booking form's "Someone new in my family": the family member is added and booked in
 * one send of the form (docs/decisions/049-families.md).
 */
import { bookAppointment, type BookingAddOn } from "~/models/booking/book.server";
import type { PlaceRefusal } from "~/models/booking/place.server";
import type { AppointmentJson } from "~/models/booking/visit";
import { ok, type Success } from "~/utils/result";
import { appointmentSchema } from "~/validation/appointment";
import { validateForm } from "~/validation/form";
import { APPOINTMENT_REQUIRED_FIELDS } from "~/validation/form-fields";
import { type Account, addFamilyMember, type FamilyMemberJson } from "./members.server";

/**
 * Adds the booking form's new family member (its Name, and their date of birth and
 * relationship) and books the visit for them. The spec's fields are checked first, so
 * their messages and order stay; a visit the rules then refuse leaves the member added,
 * and the refusal names them so the form books them, not a second new one.
 */
export async function bookForNewMember(
  account: Account,
  input: Record<string, unknown>,
  options: { recallId?: string | null; now?: Date; addOn?: BookingAddOn } = {},
): Promise<
  | Success<{ appointment: AppointmentJson; member: FamilyMemberJson }>
  | (PlaceRefusal & { member?: FamilyMemberJson })
> {
  const spec = validateForm(appointmentSchema, input, APPOINTMENT_REQUIRED_FIELDS);
  if (!spec.ok) return spec;
  const added = await addFamilyMember(account, {
    name: input.name,
    dateOfBirth: input.dateOfBirth,
    relationship: input.relationship,
  });
  if (!added.ok) return added;
  const { member } = added;
  const booked = await bookAppointment({ ...input, patient: member.id }, account.id, options.now, {
    recallId: options.recallId,
    addOn: options.addOn,
  });
  return booked.ok ? ok({ appointment: booked.appointment, member }) : { ...booked, member };
}
