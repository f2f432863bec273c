// The audit-trail screen's search: by patient and by staff member (e-mail or a part of the
// name), newest first, keyset pages on (at, id) that neither skip nor repeat an entry even
// when entries share a timestamp or new ones arrive meanwhile; admins only, read-only.
import { describe, expect, it } from "vitest";
import { recordAudit, searchAuditTrail } from "~/models/audit/trail.server";
import { loader as auditLoader } from "~/routes/staff.audit";
import * as auditRoute from "~/routes/staff.audit";
import { prisma } from "~/infra/db.server";
import { createUser, sessionFor } from "../../support/factories";
import { get, loaderArgs, settle } from "../../support/auth-helpers";

async function entriesAbout(
  patientId: string,
  actor: { id: string; role: "reception" | "admin" },
  count: number,
  at: (i: number) => Date,
) {
  for (let i = 0; i < count; i += 1) {
    await prisma.auditEntry.create({
      data: {
        at: at(i),
        actorId: actor.id,
        actorRole: actor.role,
        action: "patient.view",
        entityType: "User",
        entityId: patientId,
        patientId,
        summary: `Entry ${i}`,
      },
    });
  }
}

async function allPages(search: Parameters<typeof searchAuditTrail>[0]) {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 50; guard += 1) {
    const page = await searchAuditTrail({ ...search, cursor });
    seen.push(...page.entries.map((entry) => entry.id));
    cursor = page.next;
    if (!cursor) return seen;
  }
  throw new Error("too many pages");
}

describe("searchAuditTrail", () => {
  it("finds a patient's entries by e-mail (any case) or by part of the name", async () => {
    const patient = await createUser({ name: "Quentin Oddname" });
    const other = await createUser();
    const reception = await createUser({ role: "reception", name: "Rita Reception" });
    const actor = { id: reception.id, role: "reception" as const };
    await entriesAbout(patient.id, actor, 3, (i) => new Date(Date.UTC(2031, 0, 1, 0, i)));
    await entriesAbout(other.id, actor, 2, (i) => new Date(Date.UTC(2031, 0, 1, 1, i)));

    for (const term of [patient.email.toUpperCase(), "oddname", `  ${patient.email} `]) {
      const { entries } = await searchAuditTrail({ patient: term });
      expect(
        entries.map((entry) => entry.summary),
        term,
      ).toEqual(["Entry 2", "Entry 1", "Entry 0"]);
      expect(entries[0]).toMatchObject({
        patient: { id: patient.id, name: "Quentin Oddname", email: patient.email },
        actor: { id: reception.id, role: "reception", name: "Rita Reception" },
      });
    }
    expect((await searchAuditTrail({ patient: "nobody@example.com" })).entries).toEqual([]);
  });

  it("finds a staff member's entries, and both filters together", async () => {
    const patient = await createUser();
    const [one, two] = [
      await createUser({ role: "reception", name: "Sam Staffone" }),
      await createUser({ role: "admin", name: "Tess Stafftwo" }),
    ];
    await entriesAbout(
      patient.id,
      { id: one.id, role: "reception" },
      2,
      (i) => new Date(Date.UTC(2031, 1, 1, 0, i)),
    );
    await entriesAbout(
      patient.id,
      { id: two.id, role: "admin" },
      1,
      (i) => new Date(Date.UTC(2031, 1, 1, 1, i)),
    );
    const byStaff = await searchAuditTrail({ staff: "staffone" });
    expect(byStaff.entries).toHaveLength(2);
    expect(byStaff.entries.every((entry) => entry.actor.id === one.id)).toBe(true);
    const both = await searchAuditTrail({ staff: two.email, patient: patient.email });
    expect(both.entries.map((entry) => entry.actor.id)).toEqual([two.id]);
  });

  it("pages on (at, id) with no gap or repeat, ties and later arrivals included", async () => {
    const patient = await createUser();
    const admin = await createUser({ role: "admin" });
    const actor = { id: admin.id, role: "admin" as const };
    // 23 entries, three per second: many share a timestamp.
    await entriesAbout(
      patient.id,
      actor,
      23,
      (i) => new Date(Date.UTC(2020, 2, 1, 0, 0, Math.floor(i / 3))),
    );
    const expected = (
      await prisma.auditEntry.findMany({
        where: { patientId: patient.id },
        orderBy: [{ at: "desc" }, { id: "desc" }],
      })
    ).map((entry) => entry.id);

    const first = await searchAuditTrail({ patient: patient.email, take: 5 });
    expect(first.entries).toHaveLength(5);
    // A newer entry arrives between two page views: the next page does not shift.
    await recordAudit({
      actor,
      action: "patient.view",
      entityType: "User",
      patientId: patient.id,
      summary: "Arrived later",
    });
    const second = await searchAuditTrail({
      patient: patient.email,
      take: 5,
      cursor: first.next,
    });
    expect([...first.entries, ...second.entries].map((entry) => entry.id)).toEqual(
      expected.slice(0, 10),
    );

    const everything = await allPages({ patient: patient.email, take: 4 });
    expect(everything).toHaveLength(24);
    expect(new Set(everything).size).toBe(24);
    expect(everything.slice(1)).toEqual(expected);
  });

  it("keeps entries of a deleted account findable by the id they keep, shown as unknown", async () => {
    const patient = await createUser({ name: "Una Gone" });
    const admin = await createUser({ role: "admin" });
    await entriesAbout(patient.id, { id: admin.id, role: "admin" }, 1, () => new Date());
    await prisma.user.delete({ where: { id: admin.id } });
    const { entries } = await searchAuditTrail({ patient: "una gone" });
    expect(entries[0]?.actor).toEqual({ id: admin.id, role: "admin", name: null, email: null });
  });
});

describe("the audit-trail screen", () => {
  it("searches from the query string and links the next page with the search kept", async () => {
    const patient = await createUser({ name: "Vera Pageable" });
    const admin = await createUser({ role: "admin" });
    await entriesAbout(
      patient.id,
      { id: admin.id, role: "admin" },
      55,
      (i) => new Date(Date.UTC(2031, 3, 1, 0, i)),
    );
    const { cookie } = await sessionFor(admin);
    const page = await settle(() =>
      auditLoader(
        loaderArgs(get(`/staff/audit?patient=${encodeURIComponent(patient.email)}`, cookie)),
      ),
    );
    expect(page.status).toBe(200);
    expect(page.body!.entries).toHaveLength(50);
    const older = page.body!.older as string;
    expect(older).toMatch(/^\/staff\/audit\?patient=.+&before=\d+\.[\w-]+$/);
    const next = await settle(() => auditLoader(loaderArgs(get(older, cookie))));
    expect(next.body!.entries).toHaveLength(5);
    expect(next.body!.older).toBeNull();
    expect(next.body!.first).toBe(`/staff/audit?patient=${encodeURIComponent(patient.email)}`);
  });

  it("has no action: nothing on the screen can change an entry", () => {
    expect("action" in auditRoute).toBe(false);
  });
});
