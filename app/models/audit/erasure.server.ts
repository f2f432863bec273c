import { prisma } from "~/infra/db.server";

/**
 * What a patient's account deletion does to the audit trail (docs/decisions/013-my-data.md).
 * The trail refers to the patient by id (`patientId`, shown by name while the account
 * exists), and its summaries never name them; the deletion cuts the link to the person and
 * leaves every other word as it was, staff-written reasons and notes included. It removes
 * only what names the patient by construction: the personal fields of the records'
 * before/after copies (by field name), and the name or address that summaries written
 * before issue 21 put into a few known sentences (by the exact sentence, never by search).
 */

/** Fields of an audit entry's before/after that hold personal data. */
const PERSONAL_FIELDS = new Set([
  "name",
  "email",
  "phone",
  "address",
  "userImage",
  "message",
  "googleId",
  "passwordHash",
]);
export const REMOVED = "[removed]";

function redactFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactFields);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      PERSONAL_FIELDS.has(key) && item !== null && item !== "" ? REMOVED : redactFields(item),
    ]),
  );
}

function redactJson(json: string | null) {
  if (json === null) return null;
  try {
    return JSON.stringify(redactFields(JSON.parse(json)));
  } catch {
    return REMOVED;
  }
}

/**
 * A summary of an earlier version, which named the patient in a known sentence, in the
 * words it has now; any other summary unchanged. Each rule matches its whole sentence with
 * one of the patient's exact names, so a short name ("e") changes nothing else.
 */
export function summaryWithoutPatient(
  action: string,
  summary: string,
  /** The names and addresses the patient used. */
  personal: readonly string[],
) {
  const known = personal.filter((value) => value.trim());
  for (const name of known) {
    if (action === "patient.view" && summary === `Viewed the card of ${name}`) {
      return "Viewed the patient's card";
    }
    if (
      action === "patient.create" &&
      summary === `Created a patient record for ${name} (no password)`
    ) {
      return "Created a patient record (no password)";
    }
    if (action === "appointment.book" || action === "appointment.book_override") {
      const anyway = summary.indexOf(" anyway: ");
      const end = action === "appointment.book_override" && anyway >= 0 ? anyway : summary.length;
      const head = summary.slice(0, end);
      if (summary.startsWith("Booked ") && head.endsWith(` for ${name}`)) {
        return `${head.slice(0, -name.length)}the patient${summary.slice(end)}`;
      }
    }
    if (action === "review.hide" || action === "review.restore") {
      const verb = action === "review.hide" ? "Hid" : "Restored";
      const prefix = `${verb} the review by ${name} of `;
      if (summary.startsWith(prefix))
        return `${verb} the review of ${summary.slice(prefix.length)}`;
    }
  }
  if (action === "outbox.retry") {
    const email = known.find((address) => summary.endsWith(`" to ${address}`));
    if (email) return `${summary.slice(0, -email.length)}the patient`;
  }
  return summary;
}

/**
 * The deletion's step for the trail: every entry about the patient keeps what happened and
 * who on the staff did it; its copies of the patient's fields and the patient's name in an
 * earlier version's sentence go. Returns how many entries it read.
 */
export async function forgetPatientInAuditTrail(
  userId: string,
  personal: readonly string[],
): Promise<number> {
  const entries = await prisma.auditEntry.findMany({
    where: { OR: [{ patientId: userId }, { entityId: userId }] },
    select: { id: true, action: true, summary: true, before: true, after: true },
  });
  for (const entry of entries) {
    await prisma.auditEntry.update({
      where: { id: entry.id },
      data: {
        summary: summaryWithoutPatient(entry.action, entry.summary, personal),
        before: redactJson(entry.before),
        after: redactJson(entry.after),
      },
    });
  }
  return entries.length;
}
