/**
 * Who may record what about a patient's agreement to texts (docs/decisions/052-text-messages.md):
 * the patient anything (their profile, the booking form, START or STOP); staff a caller's
 * spoken "yes" over "not asked", and a "no" any time; never a "no" back to "yes".
 */

export const SMS_CONSENTS = ["yes", "no", "unasked"] as const;
export type SmsConsent = (typeof SMS_CONSENTS)[number];

export const CONSENT_LABELS: Record<SmsConsent, string> = {
  yes: "Agreed to texts",
  no: "No texts",
  unasked: "Not asked",
};

/** What the desk's booking screen says of a patient who cannot get texts. */
export const NO_TEXTS_NOTE = "no texts: the patient has not agreed";

export type ConsentSource = "patient" | "text" | "staff";

export const CONSENT_MESSAGES = {
  staffCannotReopen:
    "The patient said no to texts. Only the patient can turn texts back on: by replying START, or in their profile.",
  noMobile: "Please add a mobile number before recording agreement to texts.",
  unknownChoice: "Please choose yes, no or not asked.",
  staffCannotUnask: "A recorded answer cannot be set back to not asked.",
} as const;

/** Null when `source` may move the consent from `current` to `next`, else why not. */
export function consentRefusal(
  current: SmsConsent,
  next: SmsConsent,
  source: ConsentSource,
): string | null {
  if (current === next || source !== "staff") return null;
  if (next === "yes" && current === "no") return CONSENT_MESSAGES.staffCannotReopen;
  if (next === "unasked") return CONSENT_MESSAGES.staffCannotUnask;
  return null;
}

export function isSmsConsent(value: unknown): value is SmsConsent {
  return typeof value === "string" && (SMS_CONSENTS as readonly string[]).includes(value);
}
