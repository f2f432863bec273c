/**
 * What a staff screen says where a patient's contact details, alerts and messages are left
 * out for a dentist who is not theirs (docs/decisions/043-need-to-know-for-staff.md). Shared
 * with the browser: the pages render it after hydration too.
 */
export const CONTACT_HIDDEN_MESSAGE =
  "Contact details, medical alerts, messages and notes are shown to the patient's own dentists and the front desk.";
