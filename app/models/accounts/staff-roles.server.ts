import type { Prisma } from "@prisma/client";
import { writeAuditEntry } from "~/models/audit/entry.server";
import { linkAccountInTransaction } from "~/models/team/dentist-account.server";
import { fail, ok } from "~/utils/result";
import { roleOf, STAFF_ROLES, type StaffRole } from "~/models/roles";

type Db = Pick<Prisma.TransactionClient, "user" | "auditEntry" | "session" | "dentist"> & {
  $transaction: <T>(run: (tx: Prisma.TransactionClient) => Promise<T>) => Promise<T>;
};

export function isStaffRole(value: string): value is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(value);
}

const NO_ACCOUNT = (email: string) =>
  `No account uses ${email}: the person registers (or signs in with Google) first.`;

/**
 * Whoever registers an address first holds its account until the owner proves it: a role
 * goes only to an account whose address is verified (docs/decisions/033-demo-accounts-and-staff-roles.md).
 */
export const unverifiedAccountMessage = (email: string) =>
  `${email} has not verified its e-mail address, so it may not be its owner's: the owner opens the link mailed at registration (or asks for a new one at /verify-email, signed in), or signs in with Google. Then run this again.`;

export const unknownDentistMessage = (slug: string, known: string[]) =>
  `No dentist has the slug "${slug}"${known.length > 0 ? ` (the team: ${known.join(", ")})` : ""}.`;

/**
 * Gives an existing, verified account a staff role (`npm run staff -- grant admin a@b.c`)
 * and ends its sessions and API tokens. Run by whoever operates the server, so the audit
 * trail records the system as the actor. With
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
    if (!user.emailVerifiedAt) return fail(409, unverifiedAccountMessage(address));
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
    // Sessions and API tokens opened under the old role end with it: whoever holds one
    // signs in again and gets the new role from then on.
    await tx.session.deleteMany({ where: { userId: user.id } });
    await writeAuditEntry(tx, {
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
    await writeAuditEntry(tx, {
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

// Control characters (escape sequences, carriage returns, tabs) and the marks that reorder
// text (bidirectional overrides and isolates).
const UNPRINTABLE = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/**
 * Text someone typed (a name), made safe to print on the operator's terminal: a name with
 * escape codes or a carriage return could hide a line of the list or fake one.
 */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, "");
}
