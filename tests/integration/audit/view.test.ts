// The audit-trail screen reads in staff words: changes made through the real domain
// functions come back from the screen's loader with what was done, the thing it was done
// to by name (linked to its screen), and each change by label, with no stored field name,
// JSON or id in what the page gets.
import { describe, expect, it } from "vitest";
import { createClosure, removeClosure } from "~/models/settings/closures.server";
import { saveRecallType, setServiceRecallType } from "~/models/recall/recall-types.server";
import { moderateReview } from "~/models/reviews/moderation.server";
import { updateService } from "~/models/services/admin.server";
import { loader } from "~/routes/staff.audit";
import { addDays, clinicNow } from "~/utils/clinic-time";
import { prisma } from "~/infra/db.server";
import { staffActor } from "~/http/roles.server";
import { createService, createUser, sessionFor } from "../../support/factories";
import { get, loaderArgs } from "../../support/auth-helpers";

async function screenFor(admin: { id: string }, search = "") {
  const user = await prisma.user.findUniqueOrThrow({ where: { id: admin.id } });
  const { cookie } = await sessionFor(user);
  return loader(loaderArgs(get(`/staff/audit${search}`, cookie)));
}

describe("the audit-trail screen", () => {
  it("shows a service's change by its name and labels, linked to the service", async () => {
    const admin = await createUser({ role: "admin", name: "Ada Admin" });
    const service = await createService({ name: "Audit Polish", priceCents: 12_000 });
    const saved = await updateService(
      service.id,
      {
        name: "Audit Polish",
        description: service.description,
        price: "150.50",
        photo: service.photo,
        category: "Cosmetic",
        durationMinutes: "60",
        bufferMinutes: "0",
      },
      [],
      staffActor(admin),
    );
    expect(saved.ok).toBe(true);
    const { entries } = await screenFor(admin, `?staff=${encodeURIComponent(admin.email)}`);
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry).toMatchObject({
      actionLabel: "Changed a service",
      subject: { label: "Audit Polish", href: `/staff/services/${service.id}` },
      summary: "Changed the service Audit Polish: price, category, length",
      changes: [
        { field: "Price", before: "$120.00", after: "$150.50" },
        { field: "Category", before: "Preventive", after: "Cosmetic" },
        { field: "Length", before: "30 minutes", after: "1 hour" },
      ],
    });
    // What the entry's cell shows: no stored name, nested JSON or id.
    const page = JSON.stringify([
      entry!.actionLabel,
      entry!.subject,
      entry!.summary,
      entry!.changes,
    ]);
    for (const stored of ["priceCents", "durationMinutes", "service.update", '{\\"']) {
      expect(page).not.toContain(stored);
    }
  });

  it("names the moderator who hid a review, not their id", async () => {
    const admin = await createUser({ role: "admin", name: "Mona Moderator" });
    const service = await createService();
    const review = await prisma.review.create({
      data: { name: "Loud Larry", message: "Too loud.", rating: 1, serviceId: service.id },
    });
    expect(
      (await moderateReview({ intent: "hide", reviewId: review.id }, staffActor(admin))).ok,
    ).toBe(true);
    const { entries } = await screenFor(admin, `?staff=${encodeURIComponent(admin.email)}`);
    expect(entries[0]).toMatchObject({
      actionLabel: "Hid a review",
      subject: { label: "The review by Loud Larry", href: "/staff/moderation?show=hidden" },
    });
    expect(entries[0]!.changes).toContainEqual({
      field: "Hidden by",
      before: "none",
      after: "Mona Moderator",
    });
    expect(JSON.stringify(entries[0]!.changes)).not.toContain(admin.id);
  });

  it("keeps a removed closure's name, without a link to what no longer exists", async () => {
    const admin = await createUser({ role: "admin", name: "Cleo Closer" });
    const first = addDays(clinicNow().date, 400);
    const created = await createClosure(
      { name: "Audit Holiday", startDate: first, endDate: first },
      staffActor(admin),
    );
    if (!created.ok) throw new Error(created.message);
    const removed = await removeClosure({ closureId: created.closure.id }, staffActor(admin));
    expect(removed.ok).toBe(true);
    const { entries } = await screenFor(admin, `?staff=${encodeURIComponent(admin.email)}`);
    expect(entries.map((entry) => [entry.actionLabel, entry.subject])).toEqual([
      ["Removed a closure", { label: "Audit Holiday", href: null }],
      ["Closed the clinic", { label: "Audit Holiday", href: null }],
    ]);
    expect(entries[1]!.changes.map((change) => change.field)).toEqual([
      "Name",
      "First day",
      "Last day",
    ]);
  });

  it("names the recall type a service sets, and links the type's screen", async () => {
    const admin = await createUser({ role: "admin", name: "Rhea Recall" });
    const service = await createService({ name: "Audit Scale" });
    const actor = staffActor(admin);
    expect(
      (await saveRecallType({ name: "Audit Check", intervalMonths: "6", active: "on" }, actor)).ok,
    ).toBe(true);
    const type = await prisma.recallType.findFirstOrThrow({ where: { name: "Audit Check" } });
    expect(
      (await setServiceRecallType({ serviceId: service.id, recallTypeId: type.id }, actor)).ok,
    ).toBe(true);
    const { entries } = await screenFor(admin, `?staff=${encodeURIComponent(admin.email)}`);
    expect(entries.map((entry) => [entry.actionLabel, entry.subject, entry.changes])).toEqual([
      [
        "Changed the recall a service sets",
        { label: "Audit Scale", href: `/staff/services/${service.id}` },
        [{ field: "Recall", before: "none", after: "Audit Check" }],
      ],
      [
        "Added a recall type",
        { label: "Audit Check", href: "/staff/recall-types" },
        [
          { field: "Name", before: null, after: "Audit Check" },
          { field: "Interval", before: null, after: "every 6 months" },
          { field: "In use", before: null, after: "Yes" },
        ],
      ],
    ]);
  });
});
