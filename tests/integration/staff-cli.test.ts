// `npm run staff -- grant|revoke|list`: how the first admin comes to exist, on a real
// database file (the command opens its own connection, as it does beside a running server).
import { afterEach, describe, expect, it, vi } from "vitest";
import { auditTrail } from "~/models/audit.server";
import { prisma } from "~/utils/db.server";
import { runStaffCommand } from "~/utils/staff-cli.server";
import { createUser, sessionFor } from "../support/factories";

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
    const trail = await auditTrail(prisma, {});
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
