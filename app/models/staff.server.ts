import type { Prisma } from "@prisma/client";
import { recordAudit } from "~/models/audit.server";
import { linkAccountInTransaction } from "~/models/dentist-account.server";
import { fail, ok } from "~/utils/result";
import { roleOf, STAFF_ROLES, type StaffRole } from "~/utils/roles.server";

type Db = Pick<Prisma.TransactionClient, "user" | "auditEntry" | "session" | "dentist"> & {
  $transaction: <T>(run: (tx: Prisma.TransactionClient) => Promise<T>) => Promise<T>;
};

export function isStaffRole(value: string): value is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(value);
}

const NO_ACCOUNT = (email: string) =>
  `No account uses ${email}: the person registers (or signs in with Google) first.`;

export const unknownDentistMessage = (slug: string, known: string[]) =>
  `No dentist has the slug "${slug}"${known.length > 0 ? ` (the team: ${known.join(", ")})` : ""}.`;

/**
 * Gives an existing account a staff role (`npm run staff -- grant admin a@b.c`). Run by
 * whoever operates the server, so the audit trail records the system as the actor. With
 * `dentistSlug` (role dentist only) the account is also linked to that dentist, in the
 * same transaction: a refused link leaves the role unchanged.
 */
export async function grantRole(
  db: Db,
  email: string,
  role: StaffRole,
  options: { dentistSlug?: string } = {},
) {
  const address = email.trim().toLowerCase();
  return db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { email: address } });
    if (!user) return fail(404, NO_ACCOUNT(address));
    let linked = false;
    if (options.dentistSlug !== undefined) {
      const dentist = await tx.dentist.findUnique({
        where: { slug: options.dentistSlug },
        select: { id: true, name: true, userId: true },
      });
      if (!dentist) {
        const team = await tx.dentist.findMany({
          select: { slug: true },
          orderBy: { slug: "asc" },
        });
        return fail(
          404,
          unknownDentistMessage(
            options.dentistSlug,
            team.map((entry) => entry.slug),
          ),
        );
      }
      const link = await linkAccountInTransaction(tx, { id: null, role: "system" }, dentist, {
        id: user.id,
        email: address,
      });
      if (!link.ok) return link;
      linked = link.changed;
    }
    const before = roleOf(user);
    if (before === role) return ok({ email: address, role, changed: false, linked });
    await tx.user.update({ where: { id: user.id }, data: { role } });
    await recordAudit(tx, {
      actor: { id: null, role: "system" },
      action: "staff.grant",
      entityType: "User",
      entityId: user.id,
      summary: `Role ${role} granted from the command line`,
      before: { role: before },
      after: { role },
    });
    return ok({ email: address, role, changed: true, linked });
  });
}

/**
 * Takes a staff role away: the account becomes a patient again and its sessions and API
 * tokens end, so a departing employee's open browser loses the clinic's pages at once.
 */
export async function revokeRole(db: Db, email: string) {
  const address = email.trim().toLowerCase();
  return db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { email: address } });
    if (!user) return fail(404, NO_ACCOUNT(address));
    const before = roleOf(user);
    if (before === "patient") return ok({ email: address, role: before, changed: false });
    await tx.user.update({ where: { id: user.id }, data: { role: "patient" } });
    await tx.session.deleteMany({ where: { userId: user.id } });
    await recordAudit(tx, {
      actor: { id: null, role: "system" },
      action: "staff.revoke",
      entityType: "User",
      entityId: user.id,
      summary: `Role ${before} revoked from the command line`,
      before: { role: before },
      after: { role: "patient" },
    });
    return ok({ email: address, role: "patient" as const, changed: true });
  });
}

/** Everyone with a staff role, for `npm run staff -- list`. */
export async function listStaff(db: Pick<Prisma.TransactionClient, "user">) {
  return db.user.findMany({
    where: { role: { in: [...STAFF_ROLES] } },
    select: { email: true, name: true, role: true },
    orderBy: [{ role: "asc" }, { email: "asc" }],
  });
}
