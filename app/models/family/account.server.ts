/**
 * An account holder's own data and its deletion, with the family they look after
 * (docs/decisions/049-families.md, 013-my-data.md): the download includes the records of
 * the members who have no account of their own; deleting the account asks, for each of
 * them, whether the clinic keeps their record (without the guardian) or removes it.
 */
import type { User } from "@prisma/client";
import {
  deleteMyAccount,
  ERASURE_STEPS,
  type ErasureStep,
} from "~/models/accounts/deletion.server";
import { exportMyData, recordExport } from "~/models/accounts/my-data.server";
import { recordAudit } from "~/models/audit/trail.server";
import { prisma } from "~/infra/db.server";
import { invalid, type Result } from "~/utils/result";
import { type FamilyMember, familyMembers } from "./links.server";
import { choiceField, FAMILY_TEXT, KEEP, permissionsOf, REMOVE } from "./rules";
import { eraseFamilyRecord } from "./removal.server";

/** The members whose record depends on this account alone: no login, no other guardian. */
export async function membersToSettle(accountId: string): Promise<FamilyMember[]> {
  const members = (await familyMembers(accountId)).filter((member) => !member.ownLogin);
  if (members.length === 0) return [];
  const shared = await prisma.guardianLink.findMany({
    where: {
      dependantId: { in: members.map((member) => member.id) },
      guardianId: { not: accountId },
      endedAt: null,
    },
    select: { dependantId: true },
  });
  const others = new Set(shared.map((link) => link.dependantId));
  return members.filter((member) => !others.has(member.id));
}

function choiceOf(input: Record<string, unknown>, memberId: string): unknown {
  const nested = input.family;
  const fromObject =
    typeof nested === "object" && nested !== null && !Array.isArray(nested)
      ? (nested as Record<string, unknown>)[memberId]
      : undefined;
  return input[choiceField(memberId)] ?? fromObject;
}

/**
 * Deletes the account (My data, `DELETE /api/me`) after settling each family member whose
 * record depends on it alone: `family-<id>` (or `family: { <id>: ... }`) is "keep" (the
 * clinic keeps the record as its own, without the guardian's contact details) or "remove"
 * (removed as the account is). A missing choice is refused before anything changes.
 */
export async function deleteAccountWithFamily(
  user: User,
  input: Record<string, unknown>,
  options: { request: Request; now?: Date },
): Promise<Result<{ message: string; counts: Record<string, number> }>> {
  const members = await membersToSettle(user.id);
  const choices = new Map<string, string>();
  for (const member of members) {
    const choice = choiceOf(input, member.id);
    if (choice !== KEEP && choice !== REMOVE)
      return invalid(FAMILY_TEXT.dependantChoice(member.name));
    choices.set(member.id, choice);
  }
  const settle: ErasureStep = {
    name: "settleFamily",
    async run(context) {
      // Read again inside: a member added or linked meanwhile is kept, never removed unasked.
      const current = await membersToSettle(user.id);
      let settled = 0;
      for (const member of current) {
        const record = await prisma.user.findUnique({ where: { id: member.id } });
        if (!record) continue;
        if (choices.get(member.id) === REMOVE) {
          const erased = await eraseFamilyRecord(record, context.now);
          context.mailIds.push(...erased.mailIds);
          context.about ??= new Map();
          for (const visit of erased.cancelled) {
            context.cancelled.push(visit);
            context.about.set(visit.id, { greet: user.name, name: record.name });
          }
        } else {
          await keepAsClinicRecord(user, member);
        }
        settled += 1;
      }
      return settled;
    },
  };
  return deleteMyAccount(user, input, { ...options, steps: [settle, ...ERASURE_STEPS] });
}

/**
 * A family member the clinic keeps after their guardian's account goes: their visits lose
 * the guardian's e-mail and phone typed when booking; the link goes with the account.
 */
async function keepAsClinicRecord(guardian: User, member: FamilyMember) {
  await prisma.appointment.updateMany({
    where: { userId: member.id, email: guardian.email },
    data: { email: "" },
  });
  if (guardian.phone) {
    await prisma.appointment.updateMany({
      where: { userId: member.id, phone: guardian.phone },
      data: { phone: "" },
    });
  }
  await recordAudit({
    actor: { id: guardian.id, role: "patient" },
    action: "family.keep",
    entityType: "patient",
    entityId: member.id,
    patientId: member.id,
    summary: "Their guardian deleted their account: the clinic keeps the record as its own",
  });
}

/**
 * The account's data download (My data, `GET /api/me/export`) with the records of the
 * family members it looks after who have no account of their own.
 */
export function exportMyDataWithFamily(user: Pick<User, "id">, now: Date = new Date()) {
  return exportMyData(user, now, async (current) => {
    const members = (await familyMembers(current.id)).filter((member) => !member.ownLogin);
    const records = [];
    for (const member of members) {
      const record = await prisma.user.findUnique({ where: { id: member.id } });
      if (!record) continue;
      records.push({
        relationship: member.relationship,
        permissions: permissionsOf(member),
        ...(await recordExport(record)),
      });
    }
    return records.length > 0 ? { familyMembers: records } : {};
  });
}
