import type { Prisma } from "@prisma/client";
import { writeAuditEntry, type AuditActor } from "~/models/audit/entry.server";
import { fail, ok, type Result } from "~/utils/result";

// Kept apart from ~/models/team/dentist-admin.server: the staff command (build/staff-cli.js)
// imports it and must not pull in the app's database client or environment, so it takes
// the client it writes through (the staff command's own; `prisma` in the app).

/**
 * Links the staff account `user` to `dentist` inside the transaction `tx`: refused when the dentist has
 * another account or the account belongs to another dentist. Shared by the admin page and
 * `npm run staff -- grant dentist <e-mail> --dentist <slug>`.
 */
export async function linkAccountInTransaction(
  tx: Pick<Prisma.TransactionClient, "dentist" | "auditEntry">,
  actor: AuditActor,
  dentist: { id: string; name: string; userId: string | null },
  user: { id: string; email: string },
): Promise<Result<{ changed: boolean }>> {
  if (dentist.userId === user.id) return ok({ changed: false });
  if (dentist.userId) {
    const current = await tx.dentist.findUnique({
      where: { id: dentist.id },
      select: { user: { select: { email: true } } },
    });
    return fieldRefusal(
      `${dentist.name} is already linked to ${current?.user?.email ?? "another account"}. Unlink that account first.`,
    );
  }
  const other = await tx.dentist.findUnique({ where: { userId: user.id }, select: { name: true } });
  if (other) {
    return fieldRefusal(`${user.email} is already linked to ${other.name}. Unlink it there first.`);
  }
  await tx.dentist.update({ where: { id: dentist.id }, data: { userId: user.id } });
  await writeAuditEntry(tx, {
    actor,
    action: "dentist.account.link",
    entityType: "Dentist",
    entityId: dentist.id,
    summary: `Linked ${user.email} to ${dentist.name}`,
    before: { account: null },
    after: { account: user.email },
  });
  return ok({ changed: true });
}

/** A clash of links: 409, about the e-mail field of the admin page's form. */
function fieldRefusal(message: string) {
  return { ...fail(409, message), field: "email" };
}
