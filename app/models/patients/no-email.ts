/**
 * A patient record the front desk keeps for a caller without an e-mail address. `User.email`
 * is required and unique, so such a record holds an address of its own under the reserved
 * `.invalid` domain (RFC 2606: it never resolves, so nothing can be mailed there and nobody
 * can prove the mailbox to claim it). Screens, search and the API show it as no address
 * (docs/decisions/042-patient-records-and-merges.md).
 */
export const NO_EMAIL_DOMAIN = "no-email.invalid";

/** A fresh stand-in address for a record without e-mail. */
export function noEmailAddress(): string {
  return `no-email-${crypto.randomUUID()}@${NO_EMAIL_DOMAIN}`;
}

export function isNoEmailAddress(email: string): boolean {
  return email.toLowerCase().endsWith(`@${NO_EMAIL_DOMAIN}`);
}

/** The address to show staff: "" for a record without e-mail. */
export function shownEmail(email: string): string {
  return isNoEmailAddress(email) ? "" : email;
}
