/**
 * When two records look like one person (issue 31 item 12), as pure rules the desk's form
 * shares with the server (./duplicates.server.ts reads the candidates): the same phone
 * number by its digits, the same e-mail address, or the same name and date of birth.
 */

export type DuplicateReason = "phone" | "email" | "name-birth";

export const DUPLICATE_REASONS: Record<DuplicateReason, string> = {
  phone: "same phone number",
  email: "same e-mail address",
  "name-birth": "same name and date of birth",
};

export const DUPLICATES_MESSAGE =
  "This may be a patient the clinic already has: use their record, or create a new one anyway.";

/** A record on file that looks like the one being made, and why. */
export type LikelyDuplicate = {
  id: string;
  name: string;
  /** "" for a record without e-mail. */
  email: string;
  phone: string;
  dateOfBirth: string;
  hasAccount: boolean;
  reasons: DuplicateReason[];
};

/** The fewest digits a number is compared by, and the most (a country code is optional). */
export const MIN_DIGITS = 7;
const NATIONAL_DIGITS = 10;

const digitsOf = (phone: string) => phone.replace(/\D/g, "");

/** "  Ana   SILVA " and "ana silva" are one name. */
export function sameName(a: string, b: string): boolean {
  const norm = (name: string) => name.trim().replace(/\s+/g, " ").toLocaleLowerCase("en");
  return norm(a) !== "" && norm(a) === norm(b);
}

/** Two numbers are one when their last digits agree (ten, or all of the shorter, at least seven). */
export function samePhone(a: string, b: string): boolean {
  const [x, y] = [digitsOf(a), digitsOf(b)];
  const n = Math.min(NATIONAL_DIGITS, x.length, y.length);
  return n >= MIN_DIGITS && x.slice(-n) === y.slice(-n);
}

/**
 * Whether typed details are worth a lookup: a number of seven digits or more, something
 * like a whole address, or a name with a date of birth (the form asks only then).
 */
export function worthALookup(typed: {
  name: string;
  email: string;
  phone: string;
  dateOfBirth: string;
}): boolean {
  return (
    digitsOf(typed.phone).length >= MIN_DIGITS ||
    /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(typed.email.trim()) ||
    (typed.name.trim().length >= 2 && /^\d{4}-\d\d-\d\d$/.test(typed.dateOfBirth.trim()))
  );
}
