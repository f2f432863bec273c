import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/max";

/**
 * A patient's mobile number as the clinic stores it: E.164, parsed in the clinic's country
 * (a number typed without its country code is read as a local one). A number that cannot
 * be a mobile (a landline, a toll-free or premium number, too short) is refused.
 */

export const MOBILE_MESSAGES = {
  invalid: "Please enter a mobile number we can text, with its country code if it is not local.",
  notMobile:
    "This number cannot receive texts (it is not a mobile number). Please give a mobile number.",
} as const;

const TEXTABLE = new Set(["MOBILE", "FIXED_LINE_OR_MOBILE", "PERSONAL_NUMBER"]);

export function parseMobile(
  raw: string,
  country: string,
): { ok: true; e164: string } | { ok: false; message: string } {
  const parsed = parsePhoneNumberFromString(raw.trim(), country as CountryCode);
  if (!parsed || !parsed.isValid()) return { ok: false, message: MOBILE_MESSAGES.invalid };
  const type = parsed.getType();
  if (type !== undefined && !TEXTABLE.has(type)) {
    return { ok: false, message: MOBILE_MESSAGES.notMobile };
  }
  return { ok: true, e164: parsed.number };
}

/** The clinic's country: the region of its locale ("en-US" -> "US"), US when it names none. */
export function clinicCountry(locale: string): string {
  try {
    return new Intl.Locale(locale).maximize().region ?? "US";
  } catch {
    return "US";
  }
}
