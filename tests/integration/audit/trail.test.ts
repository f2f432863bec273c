// The audit trail: written inside the caller's transaction, so a rolled-back change leaves
// no entry, and read newest first per patient.
import { describe, expect, it } from "vitest";
import { auditTrail, recordAudit } from "~/models/audit/trail.server";
import { prisma } from "~/infra/db.server";
import { createUser } from "../../support/factories";

describe("recordAudit", () => {
  it("stores who did what to whom, with the before and after as JSON", async () => {
    const staff = await createUser({ role: "reception" });
    const patient = await createUser();
    await recordAudit({
      actor: { id: staff.id, role: "reception" },
      action: "appointment.move",
      entityType: "Appointment",
      entityId: "a1",
      patientId: patient.id,
      summary: "Moved to 10:00",
      before: { time: "09:00" },
      after: { time: "10:00" },
    });
    const [entry] = await auditTrail({ patientId: patient.id });
    if (!entry) throw new Error("no audit entry");
    expect(entry).toMatchObject({
      actorId: staff.id,
      actorRole: "reception",
      action: "appointment.move",
      patientId: patient.id,
      summary: "Moved to 10:00",
    });
    expect(JSON.parse(entry.before ?? "null")).toEqual({ time: "09:00" });
    expect(JSON.parse(entry.after ?? "null")).toEqual({ time: "10:00" });
  });

  it("leaves no entry when the transaction that made the change rolls back", async () => {
    const patient = await createUser();
    await expect(
      prisma.$transaction(async () => {
        await recordAudit({
          actor: { id: null, role: "system" },
          action: "account.delete",
          entityType: "User",
          patientId: patient.id,
          summary: "Deleted",
        });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await auditTrail({ patientId: patient.id })).toEqual([]);
  });

  it("lists a patient's entries newest first and no one else's", async () => {
    const [one, other] = [await createUser(), await createUser()];
    for (const [i, patientId] of [one.id, other.id, one.id].entries()) {
      await prisma.auditEntry.create({
        data: {
          actorRole: "system",
          action: "patient.view",
          entityType: "User",
          patientId,
          summary: `entry ${i}`,
          at: new Date(Date.UTC(2026, 10, 1 + i)),
        },
      });
    }
    const trail = await auditTrail({ patientId: one.id });
    expect(trail.map((e) => e.summary)).toEqual(["entry 2", "entry 0"]);
  });
});
