/**
 * A family member leaves an account's family (docs/decisions/049-families.md): one who has
 * an account of their own, or whom someone else also looks after, is only unlinked; one who
 * has neither is removed as an account deletion removes a patient (ERASURE_STEPS): upcoming
 * visits cancelled, past ones kept for the clinic anonymised, the record gone with its link.
 */
import type { User } from "@prisma/client";
import { ERASURE_STEPS, type ErasureContext } from "~/models/accounts/deletion.server";
import { recordAudit } from "~/models/audit/trail.server";
import { removeMailFiles } from "~/infra/mail.server";
import { prisma } from "~/infra/db.server";
import { rateLimits } from "~/infra/rate-limit.server";
import { wakeOutbox } from "~/models/mail/outbox.server";
import { fail, ok, type Result } from "~/utils/result";
import { ACTIVE_LINK, findFamilyMember } from "./links.server";
import type { Account } from "./members.server";
import { FAMILY_TEXT, firstName } from "./rules";

/**
 * Removes the record of family member `dependant` inside the caller's transaction, step by
 * step as an account deletion does; answers the steps' context (counts, and the mail files
 * to delete once committed). Mail about their cancelled visits goes through the outbox to
 * whoever receives their messages (written while the record is still there).
 */
export async function eraseFamilyRecord(dependant: User, now: Date): Promise<ErasureContext> {
  const context: ErasureContext = {
    user: dependant,
    now,
    personal: new Set([dependant.name, dependant.phone].filter(Boolean)),
    mailIds: [],
    cancelled: [],
    counts: {},
  };
  for (const step of ERASURE_STEPS) context.counts[step.name] = await step.run(context);
  return context;
}

/** Ends the link of `guardianId` to `dependantId` (kept, with when it ended). */
export async function endLink(linkId: string, now: Date) {
  await prisma.guardianLink.update({ where: { id: linkId }, data: { endedAt: now } });
}

/**
 * The account removes family member `dependantId` from its family: unlinked when they have
 * an account of their own or another guardian, else their record removed as above. Another
 * family's record is "not found".
 */
export async function removeFamilyMember(
  account: Account,
  dependantId: string,
  now: Date = new Date(),
): Promise<Result<{ message: string; removed: boolean }>> {
  const limited = await rateLimits().familyChanges.take(account.id);
  if (limited) return limited;
  const member = await findFamilyMember(account.id, dependantId);
  if (!member) return fail(404, FAMILY_TEXT.notFound);
  const actor = { id: account.id, role: "patient" as const };
  const mailIds: string[] = [];
  const removed = await prisma.$transaction(async () => {
    const record = await prisma.user.findUnique({ where: { id: member.id } });
    if (!record) return null;
    const others = await prisma.guardianLink.count({
      where: { dependantId: member.id, ...ACTIVE_LINK, id: { not: member.linkId } },
    });
    if (member.ownLogin || others > 0) {
      await endLink(member.linkId, now);
      await recordAudit({
        actor,
        action: "family.unlink",
        entityType: "patient",
        entityId: member.id,
        patientId: member.id,
        summary: "A guardian stopped looking after a family member (the record stays)",
      });
      return false;
    }
    const { counts, mailIds: files } = await eraseFamilyRecord(record, now);
    mailIds.push(...files);
    await recordAudit({
      actor,
      action: "family.remove",
      entityType: "patient",
      entityId: member.id,
      patientId: member.id,
      summary: `A guardian removed a family member's record: ${counts.cancelUpcomingAppointments ?? 0} upcoming appointment(s) cancelled, ${counts.anonymiseAppointments ?? 0} booking(s) kept anonymised`,
    });
    return true;
  });
  if (removed === null) return fail(404, FAMILY_TEXT.notFound);
  await removeMailFiles(mailIds);
  wakeOutbox();
  const name = firstName(member.name);
  return ok({
    removed,
    message: removed
      ? `${name} is no longer in your family. The clinic keeps their past visits without their name.`
      : `${name} is no longer in your family. Their record stays with the clinic.`,
  });
}
