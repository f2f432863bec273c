// The admin's services screens (/staff/services, /staff/services/new, /staff/services/$id):
// the list shows every service whatever its status, filtered on request; a new service or
// an edit is checked with the add-service messages where the fields overlap and a clear one
// for the visit's length on the clinic's grid, writes nothing when refused, and otherwise
// writes the service, who performs it and its audit entry together; the public service
// page and the booking picker show it at once.
import { describe, expect, it } from "vitest";
import { updateClinicSettings } from "~/models/settings/clinic-settings.server";
import { bookingChoices } from "~/models/team/dentists.server";
import { SERVICE_EDIT_MESSAGES } from "~/models/services/admin.server";
import { action as editAction, loader as editLoader } from "~/routes/staff.services.$id";
import { action as newAction, loader as newLoader } from "~/routes/staff.services.new";
import { loader as listLoader } from "~/routes/staff.services._index";
import { loader as productLoader } from "~/routes/product.$idOrSlug";
import { prisma } from "~/infra/db.server";
import { REQUIRED_MESSAGES } from "~/validation/fields";
import { FILL_ALL_DETAILS } from "~/validation/form";
import {
  CATEGORY_MESSAGE,
  PRICE_MESSAGE,
  STAFF_SERVICE_MESSAGES as SERVICE_FORM_MESSAGES,
} from "~/validation/service";
import { HTTP_URL_MESSAGE } from "~/validation/fields";
import { createService, createUser, FIRST_DENTIST, sessionFor } from "../../support/factories";
import { actionArgs, formPost, get, loaderArgs, settle, toastOf } from "../../support/auth-helpers";

async function admin() {
  const user = await createUser({ role: "admin" });
  return { user, cookie: (await sessionFor(user)).cookie };
}

function edit(id: string, fields: Record<string, string | string[]>, cookie: string) {
  return settle(() =>
    editAction(actionArgs(formPost(`/staff/services/${id}`, fields, cookie), undefined, { id })),
  );
}

const valid = {
  name: "Deep Clean",
  description: "A thorough cleaning below the gum line.",
  price: "150.50",
  photo: "/images/services/teeth-cleaning.svg",
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
      [{ ...valid, name: "", description: "", price: "", photo: "" }, FILL_ALL_DETAILS],
      [{ ...valid, name: " " }, REQUIRED_MESSAGES.name],
      [{ ...valid, price: "-3" }, PRICE_MESSAGE],
      [{ ...valid, price: "abc" }, PRICE_MESSAGE],
      [{ ...valid, category: "Magic" }, CATEGORY_MESSAGE],
      [{ ...valid, durationMinutes: "20" }, SERVICE_FORM_MESSAGES.duration(15)],
      [{ ...valid, durationMinutes: "0" }, SERVICE_FORM_MESSAGES.duration(15)],
      [{ ...valid, durationMinutes: "forever" }, SERVICE_FORM_MESSAGES.duration(15)],
      [{ ...valid, durationMinutes: "9990" }, SERVICE_FORM_MESSAGES.duration(15)],
      [{ ...valid, bufferMinutes: "-5" }, SERVICE_FORM_MESSAGES.buffer],
      [{ ...valid, bufferMinutes: "1000" }, SERVICE_FORM_MESSAGES.buffer],
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
      body: { error: SERVICE_EDIT_MESSAGES.gone },
    });
    expect(await prisma.service.findUniqueOrThrow({ where: { id: service.id } })).toEqual(service);
  });
});

async function dentist(name: string) {
  return prisma.dentist.create({
    data: {
      slug: `${name.toLowerCase().replace(/\W+/g, "-")}-${Date.now()}`,
      name,
      title: "DDS",
      weeklyPlan: JSON.stringify({
        monday: { start: "09:00", end: "17:00", breaks: [] },
        tuesday: null,
        wednesday: null,
        thursday: null,
        friday: null,
        saturday: null,
        sunday: null,
      }),
    },
  });
}

function add(fields: Record<string, string | string[]>, cookie: string) {
  return settle(() => newAction(actionArgs(formPost("/staff/services/new", fields, cookie))));
}

describe("adding a service from the staff side", () => {
  it("publishes it at once with a picture of the site's own, who performs it and an audit entry", async () => {
    const { user, cookie } = await admin();
    const second = await dentist("Dr. Second Performer");
    const form = await newLoader(loaderArgs(get("/staff/services/new", cookie)));
    expect(form.team.map((member) => member.id)).toEqual(
      expect.arrayContaining([FIRST_DENTIST, second.id]),
    );
    const name = `Gum Contouring ${Date.now()}`;
    const added = await add(
      {
        ...valid,
        name,
        // The radio button of a site picture wins over whatever the link field says.
        picture: "/images/services/smile-makeover.svg",
        photo: "",
        durationMinutes: "90",
        bufferMinutes: "15",
        dentist: [FIRST_DENTIST, second.id],
      },
      cookie,
    );
    const row = await prisma.service.findFirstOrThrow({
      where: { name },
      include: { dentists: true },
    });
    expect(added).toMatchObject({ status: 302, location: `/staff/services/${row.id}` });
    expect(await toastOf(added.headers)).toMatchObject({
      type: "success",
      message: `${name} is on the site and in the booking form.`,
    });
    expect(row).toMatchObject({
      status: "published",
      hidden: false,
      createdById: null,
      photo: "/images/services/smile-makeover.svg",
      priceCents: 15_050,
      durationMinutes: 90,
      bufferMinutes: 15,
      category: "Restorative",
    });
    expect(row.dentists.map((link) => link.dentistId).sort()).toEqual(
      [FIRST_DENTIST, second.id].sort(),
    );
    const entry = await prisma.auditEntry.findFirstOrThrow({
      where: { entityId: row.id, action: "service.create" },
    });
    expect(entry.actorId).toBe(user.id);
    expect(JSON.parse(entry.after!)).toMatchObject({
      name,
      priceCents: 15_050,
      photo: "/images/services/smile-makeover.svg",
      dentists: expect.arrayContaining(["Dr. Second Performer"]),
    });

    // Public at once: its page and the booking form, offered by the ticked dentists only.
    const page = await productLoader(
      loaderArgs(get(`/product/${row.slug}`), { idOrSlug: row.slug }),
    );
    expect(page.service.name).toBe(name);
    const choice = (await bookingChoices()).services.find((entry) => entry.value === row.id);
    expect(choice?.dentistIds.sort()).toEqual([FIRST_DENTIST, second.id].sort());
  });

  it("takes a picture from a link, and refuses bad input with the form's messages, writing nothing", async () => {
    const { cookie } = await admin();
    await updateClinicSettings({ gridMinutes: 15 });
    const stamp = Date.now();
    const cases: Array<[Record<string, string | string[]>, string, string | null]> = [
      [{ ...valid, name: "", description: "", price: "", photo: "" }, FILL_ALL_DETAILS, null],
      [{ ...valid, name: `Bad ${stamp}`, photo: "" }, REQUIRED_MESSAGES.photo, "photo"],
      [{ ...valid, name: `Bad ${stamp}`, photo: "javascript:alert(1)" }, HTTP_URL_MESSAGE, "photo"],
      [
        { ...valid, name: `Bad ${stamp}`, picture: "/etc/passwd", photo: "" },
        REQUIRED_MESSAGES.photo,
        "photo",
      ],
      [
        { ...valid, name: `Bad ${stamp}`, durationMinutes: "20" },
        SERVICE_FORM_MESSAGES.duration(15),
        "durationMinutes",
      ],
      [
        { ...valid, name: `Bad ${stamp}`, dentist: [FIRST_DENTIST, "no-such-dentist"] },
        SERVICE_EDIT_MESSAGES.dentistGone,
        "dentist",
      ],
      [
        { ...valid, name: `Bad ${stamp}`, dentist: "x".repeat(65) },
        SERVICE_EDIT_MESSAGES.dentistGone,
        "dentist",
      ],
    ];
    for (const [fields, message, field] of cases) {
      const refused = await add(fields, cookie);
      expect(refused, JSON.stringify(fields)).toMatchObject({
        status: 400,
        body: { error: message, field },
      });
    }
    // What was sent comes back, the ticked dentists included.
    const last = await add(
      { ...valid, name: `Bad ${stamp}`, dentist: [FIRST_DENTIST, "gone"] },
      cookie,
    );
    expect(last.body).toMatchObject({
      values: { name: `Bad ${stamp}`, dentists: `${FIRST_DENTIST},gone` },
    });
    expect(await prisma.service.count({ where: { name: `Bad ${stamp}` } })).toBe(0);

    const linked = await add(
      {
        ...valid,
        name: `Linked ${stamp}`,
        picture: "",
        photo: "https://images.example/gum.png",
        durationMinutes: "45",
      },
      cookie,
    );
    expect(linked.status).toBe(302);
    expect(
      await prisma.service.findFirstOrThrow({
        where: { name: `Linked ${stamp}` },
        include: { dentists: true },
      }),
    ).toMatchObject({ photo: "https://images.example/gum.png", durationMinutes: 45, dentists: [] });
    await updateClinicSettings({ gridMinutes: 30 });
  });

  it("gives two services of one name two addresses", async () => {
    const { cookie } = await admin();
    const name = `Twin Service ${Date.now()}`;
    expect((await add({ ...valid, name }, cookie)).status).toBe(302);
    expect((await add({ ...valid, name }, cookie)).status).toBe(302);
    const slugs = (await prisma.service.findMany({ where: { name }, select: { slug: true } })).map(
      (row) => row.slug,
    );
    expect(new Set(slugs).size).toBe(2);
  });

  it("is for admins: reception and dentists get 403 and nothing is written", async () => {
    const name = `Forbidden ${Date.now()}`;
    for (const role of ["reception", "dentist", "patient"] as const) {
      const { cookie } = await sessionFor(await createUser({ role }));
      expect((await add({ ...valid, name }, cookie)).status).toBe(403);
    }
    expect(await prisma.service.count({ where: { name } })).toBe(0);
  });

  it("changes who performs a service and its picture from the service's page, audited by name", async () => {
    const { cookie } = await admin();
    const second = await dentist("Dr. Later Performer");
    const service = await createService();
    const saved = await edit(
      service.id,
      { ...valid, photo: "/images/services/invisalign.svg", dentist: [second.id] },
      cookie,
    );
    expect(saved.status).toBe(302);
    const entry = await prisma.auditEntry.findFirstOrThrow({
      where: { entityId: service.id, action: "service.update" },
    });
    expect(entry.summary).toBe(
      "Changed the service Deep Clean: name, description, price, category, length, buffer after the visit, picture, performed by",
    );
    expect(JSON.parse(entry.before!)).toMatchObject({ dentists: [] });
    expect(JSON.parse(entry.after!)).toMatchObject({
      photo: "/images/services/invisalign.svg",
      dentists: ["Dr. Later Performer"],
    });
    const form = await editLoader(
      loaderArgs(get(`/staff/services/${service.id}`, cookie), { id: service.id }),
    );
    expect(form.service).toMatchObject({
      photo: "/images/services/invisalign.svg",
      dentistIds: [second.id],
    });
    // Nobody ticked: the whole team performs it again.
    expect((await edit(service.id, valid, cookie)).status).toBe(302);
    expect(await prisma.dentistService.count({ where: { serviceId: service.id } })).toBe(0);
  });
});
