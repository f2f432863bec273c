import type { BookingAddOn } from "~/models/booking/book.server";
import type { Failure } from "~/utils/result";
import { changeSmsConsent, mobileFromInput } from "./consent.server";

/**
 * The patient's own answer on texts, from the booking form, the profile and their API
 * twins (`smsConsent`, decisions.md item 25: optional, and checked only after the spec's
 * own messages, so their order is unchanged). `true` (a ticked box) records "yes" with the
 * number given, which must be a mobile; `false` records "no"; absent changes nothing.
 */

export function consentFlag(raw: unknown): boolean | undefined {
  if (raw === true || raw === "true" || raw === "on" || raw === "yes") return true;
  if (raw === false || raw === "false" || raw === "no") return false;
  return undefined;
}

/** What to write in the caller's transaction, or the refusal (a number that is no mobile). */
export async function prepareOwnConsent(
  userId: string,
  raw: unknown,
  number: string,
  /** The form has a mobile field of its own (the profile): a number typed there is kept. */
  keepNumber = false,
): Promise<{ apply: (() => Promise<unknown>) | null } | Failure> {
  const flag = consentFlag(raw);
  if (flag === undefined) {
    if (!keepNumber || !number.trim()) return { apply: null };
    const mobile = await mobileFromInput(number);
    if (!mobile.ok) return { ...mobile, field: "mobile" };
    return {
      apply: () => changeSmsConsent(userId, { mobile: mobile.e164 }, { source: "patient", userId }),
    };
  }
  if (!flag) {
    return {
      apply: () => changeSmsConsent(userId, { consent: "no" }, { source: "patient", userId }),
    };
  }
  const mobile = await mobileFromInput(number);
  if (!mobile.ok) return { ...mobile, field: keepNumber ? "mobile" : "smsConsent" };
  return {
    apply: () =>
      changeSmsConsent(
        userId,
        { consent: "yes", mobile: mobile.e164 },
        { source: "patient", userId },
      ),
  };
}

/** The booking form's consent box (Make appointment and its API twin), as the booking's add-on. */
export function bookingConsent(userId: string, raw: unknown): BookingAddOn {
  return (contact) => prepareOwnConsent(userId, raw, contact.phone);
}
