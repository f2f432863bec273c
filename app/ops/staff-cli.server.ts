// The command behind `npm run staff -- grant <role> <e-mail> [--dentist <slug>]`,
// `revoke <e-mail>` and `list`:
// how the first admin comes to exist. scripts/build-server.mjs bundles this file into
// build/staff-cli.js, which scripts/staff.mjs runs (in the container: docker exec clinic
// node scripts/staff.mjs ...). It reads only the database part of the environment.
import { retireDemoAccounts } from "~/models/accounts/demo-accounts.server";
import {
  grantRole,
  isStaffRole,
  listStaff,
  printable,
  revokeRole,
} from "~/models/accounts/staff-roles.server";
import { parseDatabaseEnv } from "~/infra/env.server";
import { STAFF_ROLES } from "~/models/roles";
import { openDatabase } from "~/infra/database-engine.server";

const USAGE = `Usage: npm run staff -- <command>
  grant <${STAFF_ROLES.join("|")}> <e-mail>   give a verified account a staff role (ends its sessions)
  grant dentist <e-mail> --dentist <slug>
                                         ... and link it to that dentist of the team page
  revoke <e-mail>                        make the account a patient again (ends its sessions)
  list                                   everyone with a staff role
  retire-demo-accounts                   take the published passwords (README) away from the
                                         demo accounts that still have them`;

/** Runs one command; resolves to the process's exit code. */
export async function runStaffCommand(
  args: readonly string[],
  /** The environment; this process's by default. */
  env?: Record<string, string | undefined>,
): Promise<number> {
  const [command, ...rest] = args;
  if (command === undefined || command === "help" || command === "--help") {
    console.info(USAGE);
    return command === undefined ? 1 : 0;
  }
  let database: ReturnType<typeof parseDatabaseEnv>;
  try {
    database = parseDatabaseEnv(env);
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
  const { client: prisma } = openDatabase({
    url: database.DATABASE_URL,
    busyTimeoutMs: database.DATABASE_BUSY_TIMEOUT_MS,
    poolSize: 2,
  });
  try {
    const [first, second, flag, slug] = rest;
    const withDentist = rest.length === 4 && flag === "--dentist" && Boolean(slug);
    if (command === "grant" && (rest.length === 2 || withDentist) && first && second) {
      const [role, email] = [first, second];
      if (!isStaffRole(role)) {
        console.error(`Unknown role "${role}": one of ${STAFF_ROLES.join(", ")}.`);
        return 1;
      }
      if (withDentist && role !== "dentist") {
        return report(`--dentist goes with the role dentist only, not ${role}.`);
      }
      const result = await grantRole(prisma, email, role, withDentist ? { dentistSlug: slug } : {});
      if (!result.ok) return report(result.message);
      console.info(
        result.changed
          ? `${result.email} is now ${role}. Their sessions are ended: they sign in again.`
          : `${result.email} was already ${role}.`,
      );
      if (withDentist) {
        console.info(
          result.linked
            ? `${result.email} is linked to the dentist "${slug}".`
            : `${result.email} was already linked to the dentist "${slug}".`,
        );
      }
      return 0;
    }
    if (command === "revoke" && rest.length === 1 && first) {
      const result = await revokeRole(prisma, first);
      if (!result.ok) return report(result.message);
      console.info(
        result.changed
          ? `${result.email} is a patient again; their sessions are ended.`
          : `${result.email} had no staff role.`,
      );
      return 0;
    }
    if (command === "list" && rest.length === 0) {
      const staff = await listStaff(prisma);
      if (staff.length === 0) console.info("No staff accounts yet.");
      for (const member of staff) {
        console.info([member.role, member.email, member.name].map(printable).join("\t"));
      }
      return 0;
    }
    if (command === "retire-demo-accounts" && rest.length === 0) {
      const retired = await retireDemoAccounts(prisma);
      console.info(
        retired.length === 0
          ? "No account signs in with a published demo password."
          : `Retired ${retired.join(", ")}: no password, staff role or session is left to them.`,
      );
      return 0;
    }
    console.error(USAGE);
    return 1;
  } finally {
    await prisma.$disconnect();
  }
}

function report(message: string) {
  console.error(message);
  return 1;
}
