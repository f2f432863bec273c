import type { Prisma } from "@prisma/client";
import { isPublishedPassword, PUBLISHED_PASSWORDS } from "~/data/demo-accounts";
import { writeAuditEntry } from "~/models/audit/entry.server";
import { verifyPassword } from "~/infra/password.server";
import { fail, type Failure } from "~/utils/result";

/**
 * Demo accounts outside a demo (docs/decisions/033-demo-accounts-and-staff-roles.md): their
 * passwords are published, so where DEMO_ACCOUNTS is not true an account still holding one
 * never signs in, the server says so once at start, and `npm run staff --
 * retire-demo-accounts` takes the published passwords away. Whether demo accounts are on
 * comes from the caller (the environment's DEMO_ACCOUNTS): the staff command bundles this
 * module and must not pull in the app's database client or environment.
 */

export const DEMO_ACCOUNT_OFF_MESSAGE =
  "This is a demo account, and demo accounts are switched off on this server: its password is published. Please sign in with your own account.";

export const RETIRE_COMMAND = "npm run staff -- retire-demo-accounts";

type Db = Pick<Prisma.TransactionClient, "user">;
type Writer = Db &
  Pick<Prisma.TransactionClient, "session"> & {
    $transaction: <T>(run: (tx: Prisma.TransactionClient) => Promise<T>) => Promise<T>;
  };

/** A login with a demo account's published password, refused where demo accounts are off. */
export function demoLoginRefusal(
  email: string,
  password: string,
  { demoAccounts }: { demoAccounts: boolean },
): Failure | null {
  if (demoAccounts || !isPublishedPassword(email, password)) return null;
  return fail(403, DEMO_ACCOUNT_OFF_MESSAGE);
}

/** The demo accounts of this database whose password is still the published one. */
export async function accountsWithPublishedPasswords(db: Db) {
  const candidates = await db.user.findMany({
    where: { email: { in: [...PUBLISHED_PASSWORDS.keys()] }, passwordHash: { not: null } },
    select: { id: true, email: true, passwordHash: true },
    orderBy: { email: "asc" },
  });
  const found: { id: string; email: string }[] = [];
  for (const { id, email, passwordHash } of candidates) {
    if (await verifyPassword(PUBLISHED_PASSWORDS.get(email)!, passwordHash!))
      found.push({ id, email });
  }
  return found;
}

/**
 * At a server's start where demo accounts are off: the accounts that still hold a published
 * password lose their sessions and API tokens (anyone could have opened them), and one line
 * of the log names them and the command that fixes it. Their sign-ins are refused anyway
 * (`demoLoginRefusal`).
 */
export async function reportDemoAccountsAtStart(
  db: Writer,
  { demoAccounts }: { demoAccounts: boolean },
): Promise<void> {
  if (demoAccounts) return;
  const found = await accountsWithPublishedPasswords(db);
  if (found.length === 0) return;
  const { count } = await db.session.deleteMany({
    where: { userId: { in: found.map((account) => account.id) } },
  });
  const emails = found.map((account) => account.email);
  console.warn(
    JSON.stringify({
      time: new Date().toISOString(),
      level: "warn",
      msg: `Demo accounts still hold their published passwords: ${emails.join(", ")}. They cannot sign in while DEMO_ACCOUNTS is not true (${count} of their sessions ended). Take the passwords away with: ${RETIRE_COMMAND} (in the container: docker exec clinic node scripts/staff.mjs retire-demo-accounts)`,
      accounts: emails,
    }),
  );
}

/**
 * `npm run staff -- retire-demo-accounts`: every demo account still holding its published
 * password loses it, its staff role, its link to a dentist of the team and its sessions, in
 * one transaction with an audit entry each. An account whose password was changed since is
 * left alone. Returns the addresses retired.
 */
export async function retireDemoAccounts(db: Writer): Promise<string[]> {
  const found = await accountsWithPublishedPasswords(db);
  if (found.length === 0) return [];
  const ids = found.map((account) => account.id);
  await db.$transaction(async (tx) => {
    await tx.user.updateMany({
      where: { id: { in: ids } },
      data: { passwordHash: null, role: "patient" },
    });
    await tx.session.deleteMany({ where: { userId: { in: ids } } });
    await tx.dentist.updateMany({ where: { userId: { in: ids } }, data: { userId: null } });
    for (const account of found) {
      await writeAuditEntry(tx, {
        actor: { id: null, role: "system" },
        action: "demo.retire",
        entityType: "User",
        entityId: account.id,
        summary:
          "Demo account retired from the command line: its published password, staff role and dentist link removed",
      });
    }
  });
  return found.map((account) => account.email);
}
