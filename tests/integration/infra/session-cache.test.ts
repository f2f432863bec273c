// The session lookup keeps what it found while the accounts' generation stays where it was
// (session.server.ts, ADR 046): a signed-in page view asks the app's connection nothing about
// its visitor, and a revoked session is still refused at the very next request, whoever
// revoked it: this process or another connection.
import { afterEach, describe, expect, it, vi } from "vitest";
import { getUser } from "~/http/auth.server";
import { prisma } from "~/infra/db.server";
import { deleteSessionByToken, getUserByToken } from "~/infra/session.server";
import { runStaffCommand } from "~/ops/staff-cli.server";
import { createUser, sessionFor } from "../../support/factories";
import { get } from "../../support/auth-helpers";
import { onOtherConnection } from "../../support/sql";

afterEach(() => vi.restoreAllMocks());

describe("the session lookup's cache", () => {
  it("answers a repeated lookup without a query on the app's connection while nothing is written", async () => {
    const user = await createUser();
    const { token } = await sessionFor(user);
    expect((await getUserByToken(token))?.id).toBe(user.id);
    // A transaction holds the app's one connection: a lookup that asked it would wait.
    let endTransaction!: () => void;
    const ended = new Promise<void>((resolve) => (endTransaction = resolve));
    let opened!: () => void;
    const open = new Promise<void>((resolve) => (opened = resolve));
    const transaction = prisma.$transaction(async (tx) => {
      await tx.user.count();
      opened();
      await ended;
    });
    await open;
    const outsideTheTransaction = new Promise<string | undefined>((resolve) =>
      setImmediate(() => void getUserByToken(token).then((found) => resolve(found?.id))),
    );
    expect(await outsideTheTransaction).toBe(user.id);
    endTransaction();
    await transaction;
    // After a write to the account, the lookup asks the database again.
    await prisma.user.update({ where: { id: user.id }, data: { name: "Renamed" } });
    expect((await getUserByToken(token))?.name).toBe("Renamed");
  });

  it("refuses a session at once after sign-out", async () => {
    const user = await createUser();
    const { token } = await sessionFor(user);
    expect((await getUserByToken(token))?.id).toBe(user.id);
    await deleteSessionByToken(token);
    expect(await getUserByToken(token)).toBeNull();
  });

  it("shows a role change at the next lookup", async () => {
    const user = await createUser({ role: "admin" });
    const { cookie } = await sessionFor(user);
    expect((await getUser(get("/staff", cookie)))?.role).toBe("admin");
    await prisma.user.update({ where: { id: user.id }, data: { role: "patient" } });
    expect((await getUser(get("/staff", cookie)))?.role).toBe("patient");
  });

  it("refuses a session at once after a password change elsewhere deletes it (another connection)", async () => {
    const user = await createUser();
    const { token } = await sessionFor(user);
    expect((await getUserByToken(token))?.id).toBe(user.id);
    await onOtherConnection('DELETE FROM "Session" WHERE "userId" = ?', user.id);
    expect(await getUserByToken(token)).toBeNull();
  });

  it("refuses a staff member's session at once after `npm run staff -- revoke` (its own connection)", async () => {
    const user = await createUser({ role: "reception", email: "revoked.staff@example.com" });
    const { token } = await sessionFor(user);
    expect((await getUserByToken(token))?.role).toBe("reception");
    vi.spyOn(console, "info").mockImplementation(() => {});
    expect(await runStaffCommand(["revoke", "revoked.staff@example.com"])).toBe(0);
    expect(await getUserByToken(token)).toBeNull();
  });

  it("hands each caller its own copy of the user", async () => {
    const user = await createUser({ name: "Kept Name" });
    const { token } = await sessionFor(user);
    const first = await getUserByToken(token);
    if (!first) throw new Error("no user");
    first.name = "Changed by a caller";
    expect((await getUserByToken(token))?.name).toBe("Kept Name");
  });
});
