// The admin's services screens (/staff/services, /staff/services/$id): the list shows every
// service whatever its status, filtered on request; an edit is checked with the add-service
// messages where the fields overlap and a clear one for the visit's length on the clinic's
// grid, writes nothing when refused, and otherwise changes the service and its audit entry
// together; the public service page and the booking picker show it at once.
import { describe, expect, it } from "vitest";
import { updateClinicSettings } from "~/models/clinic-settings.server";
import { bookingChoices } from "~/models/dentist.server";
import { SERVICE_GONE_MESSAGE } from "~/models/service-admin.server";
import { SERVICE_EDIT_MESSAGES } from "~/validation/service";
import { action as editAction, loader as editLoader } from "~/routes/staff.services.$id";
import { loader as listLoader } from "~/routes/staff.services._index";
import { loader as productLoader } from "~/routes/product.$idOrSlug";
import { prisma } from "~/utils/db.server";
import { REQUIRED_MESSAGES } from "~/validation/fields";
import { FILL_ALL_DETAILS } from "~/validation/form";
import { CATEGORY_MESSAGE, PRICE_MESSAGE } from "~/validation/service";
import { createService, createUser, sessionFor } from "../support/factories";
import { actionArgs, formPost, get, loaderArgs, settle } from "./auth-helpers";

async function admin() {
  const user = await createUser({ role: "admin" });
  return { user, cookie: (await sessionFor(user)).cookie };
}

function edit(id: string, fields: Record<string, string>, cookie: string) {
  return settle(() =>
    editAction(actionArgs(formPost(`/staff/services/${id}`, fields, cookie), undefined, { id })),
  );
}

const valid = {
  name: "Deep Clean",
  description: "A thorough cleaning below the gum line.",
  price: "150.50",
  durationMinutes: "60",
  bufferMinutes: "10",
  category: "Restorative",
};

describe("the services list", () => {
  it("shows every service, hidden, awaiting and rejected too, and filters by status", async () => {
    const { cookie } = await admin();
    const stamp = Date.now();
    const shown = await createService({ name: `List shown ${stamp}` });
    const hidden = await createService({ name: `List hidden ${stamp}`, hidden: true });
    const awaiting = await createService({
      name: `List awaiting ${stamp}`,
      status: "awaiting_review",
    });
    const rejected = await createService({ name: `List rejected ${stamp}`, status: "rejected" });
    const ids = async (query: string) =>
      (await listLoader(loaderArgs(get(`/staff/services${query}`, cookie)))).services.map(
        (service) => service.id,
      );
    expect(await ids("")).toEqual(
      expect.arrayContaining([shown.id, hidden.id, awaiting.id, rejected.id]),
    );
    const onlyAwaiting = await ids("?status=awaiting_review");
    expect(onlyAwaiting).toContain(awaiting.id);
    expect(onlyAwaiting).not.toContain(shown.id);
    const onlyHidden = await ids("?status=hidden");
    expect(onlyHidden).toContain(hidden.id);
    expect(onlyHidden).not.toContain(rejected.id);
    // An unknown filter is all services, not an error.
    expect(await ids("?status=%3Cscript%3E")).toContain(rejected.id);
  });

  it("answers 404 for a service that does not exist", async () => {
    const { cookie } = await admin();
    const result = await settle(() =>
      editLoader(loaderArgs(get("/staff/services/nope", cookie), { id: "nope" })),
    );
    expect(result.status).toBe(404);
  });
});

describe("editing a service", () => {
  it("saves every field with an audit entry of what changed, shown publicly at once", async () => {
    const { user, cookie } = await admin();
    const service = await createService({ priceCents: 10_000, durationMinutes: 30 });
    const before = await productLoader(
      loaderArgs(get(`/product/${service.slug}`), { idOrSlug: service.slug }),
    );
    expect(before.service.price).toBe(100);

    const saved = await edit(service.id, valid, cookie);
    expect(saved).toMatchObject({ status: 302, location: `/staff/services/${service.id}` });
    const row = await prisma.service.findUniqueOrThrow({ where: { id: service.id } });
    expect(row).toMatchObject({
      name: "Deep Clean",
      priceCents: 15_050,
      durationMinutes: 60,
      bufferMinutes: 10,
      category: "Restorative",
      hidden: false,
    });
    const entry = await prisma.auditEntry.findFirstOrThrow({
      where: { entityId: service.id, action: "service.update" },
    });
    expect(entry.actorId).toBe(user.id);
    expect(JSON.parse(entry.before!)).toMatchObject({ priceCents: 10_000, durationMinutes: 30 });
    expect(JSON.parse(entry.after!)).toMatchObject({ priceCents: 15_050, durationMinutes: 60 });
    expect(JSON.parse(entry.after!)).not.toHaveProperty("hidden");

    const after = await productLoader(
      loaderArgs(get(`/product/${service.slug}`), { idOrSlug: service.slug }),
    );
    expect(after.service.price).toBe(150.5);
    expect(after.visit.durationMinutes).toBe(60);
    const picker = (await bookingChoices()).services.find((choice) => choice.value === service.id);
    expect(picker).toMatchObject({ label: "Deep Clean", durationMinutes: 60, priceCents: 15_050 });

    // The same form again changes nothing and records nothing.
    expect((await edit(service.id, valid, cookie)).status).toBe(302);
    expect(await prisma.auditEntry.count({ where: { entityId: service.id } })).toBe(1);
  });

  it("refuses bad input with the add-service messages and the grid rule, writing nothing", async () => {
    const { cookie } = await admin();
    await updateClinicSettings({ gridMinutes: 15 });
    const service = await createService();
    const cases: Array<[Record<string, string>, string]> = [
      [{ ...valid, name: "", description: "", price: "" }, FILL_ALL_DETAILS],
      [{ ...valid, name: " " }, REQUIRED_MESSAGES.name],
      [{ ...valid, price: "-3" }, PRICE_MESSAGE],
      [{ ...valid, price: "abc" }, PRICE_MESSAGE],
      [{ ...valid, category: "Magic" }, CATEGORY_MESSAGE],
      [{ ...valid, durationMinutes: "20" }, SERVICE_EDIT_MESSAGES.duration(15)],
      [{ ...valid, durationMinutes: "0" }, SERVICE_EDIT_MESSAGES.duration(15)],
      [{ ...valid, durationMinutes: "forever" }, SERVICE_EDIT_MESSAGES.duration(15)],
      [{ ...valid, durationMinutes: "9990" }, SERVICE_EDIT_MESSAGES.duration(15)],
      [{ ...valid, bufferMinutes: "-5" }, SERVICE_EDIT_MESSAGES.buffer],
      [{ ...valid, bufferMinutes: "1000" }, SERVICE_EDIT_MESSAGES.buffer],
    ];
    for (const [fields, message] of cases) {
      const refused = await edit(service.id, fields, cookie);
      expect(refused, JSON.stringify(fields)).toMatchObject({
        status: 400,
        body: { error: message },
      });
    }
    expect(await prisma.service.findUniqueOrThrow({ where: { id: service.id } })).toEqual(service);
    expect(await prisma.auditEntry.count({ where: { entityId: service.id } })).toBe(0);
    // 45 minutes is on a 15-minute grid.
    expect((await edit(service.id, { ...valid, durationMinutes: "45" }, cookie)).status).toBe(302);
    await updateClinicSettings({ gridMinutes: 30 });
  });

  it("hides a service from the public and shows it again", async () => {
    const { cookie } = await admin();
    const service = await createService();
    const page = () =>
      settle(() =>
        productLoader(loaderArgs(get(`/product/${service.slug}`), { idOrSlug: service.slug })),
      );
    expect((await page()).status).toBe(200);
    expect((await edit(service.id, { ...valid, hidden: "on" }, cookie)).status).toBe(302);
    expect((await page()).status).toBe(404);
    expect((await edit(service.id, valid, cookie)).status).toBe(302);
    expect((await page()).status).toBe(200);
  });

  it("refuses a dentist and reception (403) and an unknown service (404)", async () => {
    const service = await createService();
    for (const role of ["reception", "dentist"] as const) {
      const { cookie } = await sessionFor(await createUser({ role }));
      expect((await edit(service.id, valid, cookie)).status).toBe(403);
    }
    const { cookie } = await admin();
    expect(await edit("no-such-service", valid, cookie)).toMatchObject({
      status: 404,
      body: { error: SERVICE_GONE_MESSAGE },
    });
    expect(await prisma.service.findUniqueOrThrow({ where: { id: service.id } })).toEqual(service);
  });
});
