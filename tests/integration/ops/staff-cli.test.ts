// `npm run staff -- grant|revoke|list`: how the first admin comes to exist, on a real
// database file (the command opens its own connection, as it does beside a running server).
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEMO_DENTIST_STAFF, DEMO_PATIENT, DEMO_STAFF } from "~/data/demo-accounts";
import { auditTrail } from "~/models/audit/trail.server";
import { printable, unverifiedAccountMessage } from "~/models/accounts/staff-roles.server";
import { prisma } from "~/infra/db.server";
import { hashPassword, verifyPassword } from "~/infra/password.server";
import { getUserByToken } from "~/infra/session.server";
import { runStaffCommand } from "~/ops/staff-cli.server";
import { seed } from "../../../prisma/seed-database";
import { createUser, sessionFor } from "../../support/factories";

function captureOutput() {
  const info = vi.spyOn(console, "info").mockImplementation(() => {});
  const error = vi.spyOn(console, "error").mockImplementation(() => {});
  return {
    info: () => info.mock.calls.map((call) => call.join(" ")).join("\n"),
    error: () => error.mock.calls.map((call) => call.join(" ")).join("\n"),
  };
}

afterEach(() => vi.restoreAllMocks());

describe("npm run staff", () => {
  it("grants a role to an existing account, whatever the case of the address, and audits it", async () => {
    const user = await createUser({ email: "new.admin@example.com" });
    const output = captureOutput();
    expect(await runStaffCommand(["grant", "admin", " New.Admin@Example.com "])).toBe(0);
    expect(output.info()).toContain("new.admin@example.com is now admin.");
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).role).toBe("admin");
    const [entry] = await prisma.auditEntry.findMany({ where: { entityId: user.id } });
    if (!entry) throw new Error("no audit entry");
    expect(entry).toMatchObject({ action: "staff.grant", actorRole: "system", actorId: null });
    expect(JSON.parse(entry.after ?? "{}")).toEqual({ role: "admin" });
  });

  it("refuses an account whose address nobody verified, says how to verify, changes nothing", async () => {
    // Someone registered the new hire's likely address before the operator ran grant.
    const squatter = await createUser({ email: "new.hire@example.com", emailVerifiedAt: null });
    const { token } = await sessionFor(squatter);
    const output = captureOutput();
    expect(await runStaffCommand(["grant", "admin", "new.hire@example.com"])).toBe(1);
    expect(output.error()).toBe(unverifiedAccountMessage("new.hire@example.com"));
    expect(output.error()).toContain("/verify-email");
    expect((await prisma.user.findUniqueOrThrow({ where: { id: squatter.id } })).role).toBe(
      "patient",
    );
    expect(await prisma.auditEntry.count({ where: { entityId: squatter.id } })).toBe(0);
    expect(await getUserByToken(token)).not.toBeNull();
  });

  it("ends the account's sessions and API tokens with every role change", async () => {
    const user = await createUser();
    const before = [await sessionFor(user), await sessionFor(user)];
    captureOutput();
    expect(await runStaffCommand(["grant", "reception", user.email])).toBe(0);
    for (const { token } of before) expect(await getUserByToken(token)).toBeNull();
    const during = await sessionFor(user);
    expect(await runStaffCommand(["grant", "admin", user.email])).toBe(0);
    expect(await getUserByToken(during.token)).toBeNull();
    const after = await sessionFor(user);
    // Nothing changes, nothing ends.
    expect(await runStaffCommand(["grant", "admin", user.email])).toBe(0);
    expect((await getUserByToken(after.token))?.role).toBe("admin");
  });

  it("lists names without the control characters that could hide or fake a line", async () => {
    await createUser({
      role: "dentist",
      email: "escapes@example.com",
      name: "Eve\x1b[2K\r\u202eadmin\tfake@example.com\nadmin\u0007",
    });
    const output = captureOutput();
    expect(await runStaffCommand(["list"])).toBe(0);
    const line = output
      .info()
      .split("\n")
      .find((entry) => entry.includes("escapes@example.com"));
    expect(line).toBe("dentist\tescapes@example.com\tEve[2Kadminfake@example.comadmin");
    expect(printable("Dr. Zoë Ñúñez 🦷")).toBe("Dr. Zoë Ñúñez 🦷");
  });

  it("refuses an unknown role or address without changing anything", async () => {
    const user = await createUser();
    const output = captureOutput();
    expect(await runStaffCommand(["grant", "superuser", user.email])).toBe(1);
    expect(output.error()).toContain('Unknown role "superuser"');
    expect(await runStaffCommand(["grant", "reception", "nobody@example.com"])).toBe(1);
    expect(output.error()).toContain("No account uses nobody@example.com");
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).role).toBe("patient");
  });

  it("revokes: the account is a patient again and its sessions end", async () => {
    const user = await createUser({ role: "reception" });
    await sessionFor(user);
    captureOutput();
    expect(await runStaffCommand(["revoke", user.email])).toBe(0);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).role).toBe("patient");
    expect(await prisma.session.count({ where: { userId: user.id } })).toBe(0);
    const trail = await auditTrail({});
    expect(trail.some((e) => e.action === "staff.revoke" && e.entityId === user.id)).toBe(true);
  });

  it("lists the staff, and prints its usage for a wrong command", async () => {
    const admin = await createUser({ role: "admin" });
    const output = captureOutput();
    expect(await runStaffCommand(["list"])).toBe(0);
    expect(output.info()).toContain(`admin\t${admin.email}`);
    expect(await runStaffCommand(["promote", admin.email])).toBe(1);
    expect(output.error()).toContain("Usage: npm run staff");
  });
});

describe("npm run staff -- grant dentist <e-mail> --dentist <slug>", () => {
  async function dentist(slug: string, userId: string | null = null) {
    return prisma.dentist.create({
      data: { slug, name: `Dr. ${slug}`, title: "DDS", weeklyPlan: "{}", userId },
    });
  }

  it("grants the role and links the account to that dentist, with audit entries", async () => {
    const user = await createUser();
    const row = await dentist(`dr-cli-${Date.now()}`);
    const output = captureOutput();
    expect(await runStaffCommand(["grant", "dentist", user.email, "--dentist", row.slug])).toBe(0);
    expect(output.info()).toContain(`${user.email} is now dentist.`);
    expect(output.info()).toContain(`${user.email} is linked to the dentist "${row.slug}".`);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).role).toBe("dentist");
    expect((await prisma.dentist.findUniqueOrThrow({ where: { id: row.id } })).userId).toBe(
      user.id,
    );
    const actions = (
      await prisma.auditEntry.findMany({ where: { entityId: { in: [user.id, row.id] } } })
    ).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(["staff.grant", "dentist.account.link"]));
    // Again: nothing to change.
    expect(await runStaffCommand(["grant", "dentist", user.email, "--dentist", row.slug])).toBe(0);
    expect(output.info()).toContain(
      `${user.email} was already linked to the dentist "${row.slug}".`,
    );
  });

  it("refuses an unknown slug in one line, changing nothing", async () => {
    const user = await createUser();
    const output = captureOutput();
    expect(await runStaffCommand(["grant", "dentist", user.email, "--dentist", "dr-nobody"])).toBe(
      1,
    );
    expect(output.error()).toMatch(
      /^No dentist has the slug "dr-nobody" \(the team: .*dr-anita-patel.*\)\.$/,
    );
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).role).toBe("patient");
    expect(await prisma.auditEntry.count({ where: { entityId: user.id } })).toBe(0);
  });

  it("refuses a dentist already linked to another account, and says which", async () => {
    const holder = await createUser({ role: "dentist" });
    const user = await createUser();
    const row = await dentist(`dr-taken-${Date.now()}`, holder.id);
    const output = captureOutput();
    expect(await runStaffCommand(["grant", "dentist", user.email, "--dentist", row.slug])).toBe(1);
    expect(output.error()).toBe(
      `${row.name} is already linked to ${holder.email}. Unlink that account first.`,
    );
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).role).toBe("patient");
    expect((await prisma.dentist.findUniqueOrThrow({ where: { id: row.id } })).userId).toBe(
      holder.id,
    );
  });

  it("takes --dentist with the role dentist only, and shows it in the usage", async () => {
    const user = await createUser();
    const output = captureOutput();
    expect(
      await runStaffCommand(["grant", "admin", user.email, "--dentist", "dr-anita-patel"]),
    ).toBe(1);
    expect(output.error()).toContain("--dentist goes with the role dentist only, not admin.");
    expect(await runStaffCommand(["grant", "dentist", user.email, "--dentist"])).toBe(1);
    expect(output.error()).toContain("grant dentist <e-mail> --dentist <slug>");
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).role).toBe("patient");
  });
});

describe("npm run staff -- retire-demo-accounts", () => {
  it("takes the published password, the staff role, the dentist link and the sessions from the demo accounts that still hold it, once", async () => {
    await seed(prisma, { demoAccounts: true });
    // One demo account whose password the clinic changed: it is theirs now, and stays.
    const changed = await prisma.user.update({
      where: { email: "reception@example.com" },
      data: { passwordHash: await hashPassword("a-password-of-their-own") },
    });
    const admin = await prisma.user.findUniqueOrThrow({ where: { email: "admin@example.com" } });
    await sessionFor(admin);
    await sessionFor(changed);
    const output = captureOutput();

    expect(await runStaffCommand(["retire-demo-accounts"])).toBe(0);
    const retired = [DEMO_PATIENT, ...DEMO_STAFF, ...DEMO_DENTIST_STAFF]
      .map((account) => account.email)
      .filter((email) => email !== changed.email);
    expect(output.info()).toContain(`Retired ${[...retired].sort().join(", ")}`);
    const after = await prisma.user.findMany({ where: { email: { in: retired } } });
    expect(after).toHaveLength(retired.length);
    for (const user of after) expect(user).toMatchObject({ passwordHash: null, role: "patient" });
    expect(await prisma.session.count({ where: { userId: admin.id } })).toBe(0);
    expect(await prisma.dentist.count({ where: { userId: { in: after.map((u) => u.id) } } })).toBe(
      0,
    );
    expect(
      await prisma.auditEntry.count({ where: { action: "demo.retire", actorRole: "system" } }),
    ).toBe(retired.length);

    const kept = await prisma.user.findUniqueOrThrow({ where: { id: changed.id } });
    expect(kept.role).toBe("reception");
    expect(await verifyPassword("a-password-of-their-own", kept.passwordHash!)).toBe(true);
    expect(await prisma.session.count({ where: { userId: changed.id } })).toBe(1);

    expect(await runStaffCommand(["retire-demo-accounts"])).toBe(0);
    expect(output.info()).toContain("No account signs in with a published demo password.");
  });
});
