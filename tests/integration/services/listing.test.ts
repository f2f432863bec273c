// What the public sees of the catalogue: a hidden service and one awaiting review (or
// rejected) appear in no public read (pages, counts, filters, the product API, the booking
// and review pickers), even when those reads were cached before the change; its author and
// staff can still open its page, which says where it stands. Patient-added services wait
// for review while the clinic setting asks for it, and a moderator approves or rejects them
// with an audit entry.
import type { Service } from "@prisma/client";
import { afterEach, describe, expect, it } from "vitest";
import { updateClinicSettings } from "~/models/settings/clinic-settings.server";
import { bookingChoices } from "~/models/team/dentists.server";
import { findBookableService } from "~/models/booking/choices.server";
import { createReview, listReviews } from "~/models/reviews/reviews.server";
import {
  listServicesAwaitingReview,
  reviewService,
  SERVICE_REVIEW_MESSAGES,
} from "~/models/services/moderation.server";
import {
  createService as addService,
  SERVICE_CREATED,
  servicesAddedBy,
} from "~/models/services/catalog.server";
import { loader as homeLoader } from "~/routes/_index";
import { loader as allServicesLoader } from "~/routes/all-service";
import { loader as allProducts } from "~/routes/api.get-product._index";
import { loader as oneProduct } from "~/routes/api.get-product.$id";
import { action as createProductApi } from "~/routes/api.create-product";
import { loader as productCount } from "~/routes/api.product-count";
import { action as productFilters } from "~/routes/api.product-filters";
import { loader as productList } from "~/routes/api.product-list.$page";
import { action as addServicesAction } from "~/routes/add-services";
import { loader as productLoader } from "~/routes/product.$idOrSlug";
import { action as moderationAction, loader as moderationLoader } from "~/routes/staff.moderation";
import { loader as myServicesLoader } from "~/routes/user.services";
import { prisma } from "~/infra/db.server";
import { serviceOptions } from "~/http/form-action.server";
import { UNKNOWN_SERVICE_MESSAGE } from "~/validation/service";
import { createService, createUser, sessionFor } from "../../support/factories";
import { actionArgs, formPost, get, loaderArgs, settle, toastOf } from "../../support/auth-helpers";

afterEach(async () => {
  await updateClinicSettings({ serviceApprovalRequired: true });
});

async function json(run: () => unknown) {
  const result = await settle(run);
  return { status: result.status, body: result.body ?? {} };
}

/** Every name each public read lists (first pages are enough: the test services are newest). */
async function publicNames() {
  const home = await homeLoader(loaderArgs(get("/")));
  const all = (await settle(() => allServicesLoader(loaderArgs(get("/all-service"))))).body as {
    services: Array<{ name: string }>;
  };
  const list = await json(() => productList(loaderArgs(get("/api/product-list/1"), { page: "1" })));
  const filtered = await json(() =>
    productFilters(
      actionArgs(
        new Request("http://localhost/api/product-filters", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ checked: ["Cosmetic"], radio: [] }),
        }),
      ),
    ),
  );
  const everything = await json(() => allProducts(loaderArgs(get("/api/get-product"))));
  const count = await json(() => productCount(loaderArgs(get("/api/product-count"))));
  const choices = await bookingChoices();
  const options = await serviceOptions();
  const names = (rows: unknown) => (rows as Array<{ name: string }>).map((row) => row.name);
  return {
    home: home.catalog.services.map((service) => service.name),
    allService: all.services.map((service) => service.name),
    productList: names(list.body.products),
    productFilters: names(filtered.body.products),
    getProduct: names(everything.body.products),
    booking: choices.services.map((service) => service.label),
    pickers: options.map((option) => option.label),
    count: count.body.total as number,
  };
}

async function productPage(service: Service, cookie?: string) {
  return settle(() =>
    productLoader(loaderArgs(get(`/product/${service.slug}`, cookie), { idOrSlug: service.slug })),
  );
}

describe("the public listing", () => {
  it("keeps hidden, awaiting and rejected services out of every public read, cached or not", async () => {
    const author = await createUser();
    const stamp = Date.now();
    const visible = await createService({ name: `Shown ${stamp}`, category: "Cosmetic" });
    const toHide = await createService({ name: `Hidden ${stamp}`, category: "Cosmetic" });
    const awaiting = await createService({
      name: `Awaiting ${stamp}`,
      category: "Cosmetic",
      status: "awaiting_review",
      createdById: author.id,
    });
    const rejected = await createService({
      name: `Rejected ${stamp}`,
      category: "Cosmetic",
      status: "rejected",
      createdById: author.id,
    });

    const reviewMessage = `About the soon hidden service ${stamp}`;
    await prisma.review.create({
      data: { name: "Rae", message: reviewMessage, rating: 5, serviceId: toHide.id },
    });
    const carousel = async () => (await listReviews()).map((review) => review.message);

    // Read once so every cached read holds the visible-then service.
    expect(await carousel()).toContain(reviewMessage);
    const before = await publicNames();
    for (const names of Object.values(before).filter(Array.isArray)) {
      expect(names).toContain(visible.name);
      expect(names).toContain(toHide.name);
      expect(names).not.toContain(awaiting.name);
      expect(names).not.toContain(rejected.name);
    }

    const admin = await createUser({ role: "admin" });
    const { cookie } = await sessionFor(admin);
    const edit = await import("~/routes/staff.services.$id");
    const saved = await settle(() =>
      edit.action(
        actionArgs(
          formPost(
            `/staff/services/${toHide.id}`,
            {
              name: toHide.name,
              description: toHide.description,
              photo: toHide.photo,
              price: "125",
              durationMinutes: "30",
              bufferMinutes: "0",
              category: "Cosmetic",
              hidden: "on",
            },
            cookie,
          ),
          undefined,
          { id: toHide.id },
        ),
      ),
    );
    expect(saved.status).toBe(302);

    const after = await publicNames();
    for (const [read, names] of Object.entries(after)) {
      if (!Array.isArray(names)) continue;
      expect(names, read).toContain(visible.name);
      expect(names, read).not.toContain(toHide.name);
      expect(names, read).not.toContain(awaiting.name);
      expect(names, read).not.toContain(rejected.name);
    }
    expect(after.count).toBe(before.count - 1);
    // The home carousel links each review to its service's page: not to a hidden one.
    expect(await carousel()).not.toContain(reviewMessage);

    for (const service of [toHide, awaiting, rejected]) {
      expect((await productPage(service)).status).toBe(404);
      const api = await json(() =>
        oneProduct(loaderArgs(get(`/api/get-product/${service.id}`), { id: service.id })),
      );
      expect(api.status).toBe(404);
      expect(await findBookableService(service.id)).toBeNull();
      const review = await createReview(
        { name: "Ann", service: service.id, message: "Nice", rating: "5" },
        author.id,
      );
      expect(review).toMatchObject({ ok: false, message: UNKNOWN_SERVICE_MESSAGE });
    }
  });

  it("opens a service that is not listed for its author and staff only, saying where it stands", async () => {
    const author = await createUser();
    const stranger = await createUser();
    const reception = await createUser({ role: "reception" });
    const service = await createService({ status: "awaiting_review", createdById: author.id });

    expect((await productPage(service)).status).toBe(404);
    expect((await productPage(service, (await sessionFor(stranger)).cookie)).status).toBe(404);
    for (const viewer of [author, reception]) {
      const page = await productLoader(
        loaderArgs(get(`/product/${service.id}`, (await sessionFor(viewer)).cookie), {
          idOrSlug: service.id,
        }),
      );
      expect(page.service.name).toBe(service.name);
      expect(page.standing).toMatchObject({ listed: false, status: "awaiting_review" });
    }
    const visible = await createService();
    const page = await productLoader(
      loaderArgs(get(`/product/${visible.slug}`), { idOrSlug: visible.slug }),
    );
    expect(page.standing).toEqual({ listed: true });
  });
});

describe("approval of patient-added services", () => {
  const fields = (name: string) => ({
    name,
    description: "A treatment a patient suggested.",
    price: "80",
    photo: "https://example.com/photo.jpg",
    category: "Preventive",
  });

  it("keeps a new service waiting while approval is on, with the spec's toast and answer", async () => {
    const author = await createUser();
    const { cookie, token } = await sessionFor(author);
    const name = `Page added ${Date.now()}`;
    const sent = await settle(() =>
      addServicesAction(actionArgs(formPost("/add-services", fields(name), cookie))),
    );
    expect(sent.status).toBe(302);
    expect(await toastOf(sent.headers)).toMatchObject({ message: SERVICE_CREATED });

    const apiName = `Api added ${Date.now()}`;
    const api = await json(() =>
      createProductApi(
        actionArgs(
          new Request("http://localhost/api/create-product", {
            method: "POST",
            headers: { "content-type": "application/json", authorization: token },
            body: JSON.stringify(fields(apiName)),
          }),
        ),
      ),
    );
    expect(api).toMatchObject({ status: 201, body: { success: true, message: SERVICE_CREATED } });

    const rows = await prisma.service.findMany({ where: { name: { in: [name, apiName] } } });
    expect(rows.map((row) => row.status)).toEqual(["awaiting_review", "awaiting_review"]);
    const names = await publicNames();
    expect(names.allService).not.toContain(name);
    expect(names.getProduct).not.toContain(apiName);

    const mine = await myServicesLoader(loaderArgs(get("/user/services", cookie)));
    expect(mine.services.map((service) => [service.name, service.status])).toEqual([
      [apiName, "awaiting_review"],
      [name, "awaiting_review"],
    ]);
    const awaiting = await listServicesAwaitingReview();
    expect(awaiting.services.map((service) => service.name)).toEqual(
      expect.arrayContaining([name, apiName]),
    );
  });

  it("publishes at once while approval is off", async () => {
    await updateClinicSettings({ serviceApprovalRequired: false });
    const author = await createUser();
    const name = `Straight on ${Date.now()}`;
    const created = await addService(fields(name), author.id);
    expect(created.ok).toBe(true);
    const row = await prisma.service.findFirstOrThrow({ where: { name } });
    expect(row.status).toBe("published");
    expect((await publicNames()).allService).toContain(name);
  });

  it("lets reception approve a service through the screen: it appears at once, audited", async () => {
    const author = await createUser();
    const reception = await createUser({ role: "reception" });
    const { cookie } = await sessionFor(reception);
    const service = await createService({ status: "awaiting_review", createdById: author.id });
    await publicNames();

    const screen = await moderationLoader(loaderArgs(get("/staff/moderation", cookie)));
    expect(screen.awaiting.services.map((row) => row.id)).toContain(service.id);

    const approved = await settle(() =>
      moderationAction(
        actionArgs(
          formPost(
            "/staff/moderation",
            { intent: "approve-service", serviceId: service.id },
            cookie,
          ),
        ),
      ),
    );
    expect(approved).toMatchObject({ status: 302, location: "/staff/moderation" });
    expect((await publicNames()).allService).toContain(service.name);
    const entry = await prisma.auditEntry.findFirstOrThrow({
      where: { entityId: service.id, action: "service.approve" },
    });
    expect(entry).toMatchObject({
      actorId: reception.id,
      actorRole: "reception",
      patientId: author.id,
      before: JSON.stringify({ status: "awaiting_review" }),
      after: JSON.stringify({ status: "published" }),
    });

    // A second decision (another moderator's stale screen) changes nothing.
    const again = await reviewService(
      { intent: "reject-service", serviceId: service.id, reason: "Too late" },
      { id: reception.id, role: "reception" },
    );
    expect(again).toMatchObject({ ok: false, status: 409 });
    expect(await prisma.auditEntry.count({ where: { entityId: service.id } })).toBe(1);
  });

  it("rejects only with a reason, which the author then reads", async () => {
    const author = await createUser();
    const admin = await createUser({ role: "admin" });
    const { cookie } = await sessionFor(admin);
    const service = await createService({ status: "awaiting_review", createdById: author.id });

    const withoutReason = await settle(() =>
      moderationAction(
        actionArgs(
          formPost(
            "/staff/moderation",
            { intent: "reject-service", serviceId: service.id, reason: "  " },
            cookie,
          ),
        ),
      ),
    );
    expect(withoutReason).toMatchObject({
      status: 400,
      body: { error: SERVICE_REVIEW_MESSAGES.reason },
    });
    expect((await prisma.service.findUniqueOrThrow({ where: { id: service.id } })).status).toBe(
      "awaiting_review",
    );

    const reason = "We do not offer this treatment.";
    const rejected = await settle(() =>
      moderationAction(
        actionArgs(
          formPost(
            "/staff/moderation",
            { intent: "reject-service", serviceId: service.id, reason },
            cookie,
          ),
        ),
      ),
    );
    expect(rejected.status).toBe(302);
    const row = await prisma.service.findUniqueOrThrow({ where: { id: service.id } });
    expect(row.status).toBe("rejected");
    expect(await servicesAddedBy(author.id)).toEqual([
      expect.objectContaining({ id: service.id, status: "rejected", reason }),
    ]);
    const page = await productLoader(
      loaderArgs(get(`/product/${service.slug}`, (await sessionFor(author)).cookie), {
        idOrSlug: service.slug,
      }),
    );
    expect(page.standing).toEqual({ listed: false, status: "rejected", hidden: false, reason });
    expect((await productPage(service)).status).toBe(404);
    expect(
      await prisma.auditEntry.count({ where: { entityId: service.id, action: "service.reject" } }),
    ).toBe(1);
  });

  it("refuses a patient on the moderation screen", async () => {
    const patient = await createUser();
    const service = await createService({ status: "awaiting_review", createdById: patient.id });
    const { cookie } = await sessionFor(patient);
    const refused = await settle(() =>
      moderationAction(
        actionArgs(
          formPost(
            "/staff/moderation",
            { intent: "approve-service", serviceId: service.id },
            cookie,
          ),
        ),
      ),
    );
    expect(refused.status).toBe(403);
    expect((await prisma.service.findUniqueOrThrow({ where: { id: service.id } })).status).toBe(
      "awaiting_review",
    );
  });
});
