import type { LoaderFunctionArgs } from "@remix-run/node";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { seedServices } from "../../../prisma/seed-data";
import { seed } from "../../../prisma/seed-database";
import { getCatalog, PAGE_SIZE } from "~/models/services/catalog.server";
import type * as ReviewModel from "~/models/reviews/reviews.server";
import { loader as allServicesLoader } from "~/routes/all-service";
import { loader as homeLoader } from "~/routes/_index";
import { loader as productLoader } from "~/routes/product.$idOrSlug";
import { loader as toolLoader } from "~/routes/tool.$slug";
import { prisma } from "~/infra/db.server";

// Lets one test make the reviews read fail while everything else works.
const reviewsFail = vi.hoisted(() => ({ now: false }));
vi.mock("~/models/reviews/reviews.server", async (importOriginal) => {
  const actual = await importOriginal<typeof ReviewModel>();
  return {
    ...actual,
    listReviews: (...rest: Parameters<typeof actual.listReviews>) =>
      reviewsFail.now
        ? Promise.reject(new Error("reviews table is gone"))
        : actual.listReviews(...rest),
  };
});

const TOTAL = seedServices.length;
const LAST_PAGE = Math.ceil(TOTAL / PAGE_SIZE);

function args(path: string, params: Record<string, string> = {}) {
  return {
    request: new Request(`http://localhost${path}`),
    params,
    context: { clientIp: "127.0.0.1" },
  } as unknown as LoaderFunctionArgs;
}

/** What a loader threw, as a Response. */
async function thrown(run: () => unknown): Promise<Response> {
  try {
    await run();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected the loader to throw a Response");
}

type DataWithInit<T> = { data: T; init: ResponseInit | null };

beforeAll(async () => {
  await seed(prisma, { demoAccounts: false });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the services list of the home page", () => {
  it("opens on the first page of 6, with the total from one count", async () => {
    const { catalog } = await homeLoader(args("/"));
    expect(catalog.services).toHaveLength(6);
    expect(catalog.total).toBe(TOTAL);
    expect(catalog.pages).toBe(1);
    expect(catalog.services[0]).toMatchObject({ slug: "teeth-whitening", price: 299 });
  });

  it("renders pages 1..N for ?page=N, so LoadMore works without JavaScript", async () => {
    const { catalog } = await homeLoader(args("/?page=3"));
    expect(catalog.pages).toBe(3);
    expect(catalog.services).toHaveLength(18);
    expect(new Set(catalog.services.map((service) => service._id)).size).toBe(18);
  });

  it("clamps a page past the end to the last page, and reads a bad page as 1", async () => {
    const far = await homeLoader(args("/?page=999999"));
    expect(far.catalog.pages).toBe(LAST_PAGE);
    expect(far.catalog.services).toHaveLength(TOTAL);
    for (const page of ["0", "-1", "abc", "1.5", "99999999999999999999"]) {
      const { catalog } = await homeLoader(args(`/?page=${page}`));
      expect(catalog.pages).toBe(1);
      expect(catalog.services).toHaveLength(6);
    }
  });

  it("has no filters: the All Services query is ignored on the home page", async () => {
    const { catalog } = await homeLoader(args("/?checked=Cosmetic&radio=0-100"));
    expect(catalog.total).toBe(TOTAL);
    expect(catalog.filter).toEqual({ checked: [], radio: null });
  });

  it("carries the newest reviews for the carousel", async () => {
    const { reviews } = await homeLoader(args("/"));
    expect(reviews?.length).toBeGreaterThanOrEqual(10);
    expect(reviews?.[0]).toMatchObject({ name: "Lucas Silva", rating: 4 });
  });

  it("still renders the list when the reviews fail to load, and logs why", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    reviewsFail.now = true;
    const { catalog, reviews } = await homeLoader(args("/")).finally(() => {
      reviewsFail.now = false;
    });
    expect(reviews).toBeNull();
    expect(catalog.services).toHaveLength(6);
    expect(errors).toHaveBeenCalledWith(
      "Loading reviews for the home page failed",
      expect.any(Error),
    );
  });
});

describe("the All Services page", () => {
  it("is the same list, unfiltered, without a query", async () => {
    const result = (await allServicesLoader(args("/all-service"))) as unknown as DataWithInit<
      Awaited<ReturnType<typeof getCatalog>>
    >;
    expect(result.init?.status).toBe(200);
    expect(result.data.services).toHaveLength(6);
    expect(result.data.total).toBe(TOTAL);
  });

  it("switches to filter mode with checked and radio, paging the filtered list", async () => {
    const result = (await allServicesLoader(
      args("/all-service?checked=Preventive&checked=Cosmetic&page=2"),
    )) as unknown as DataWithInit<Awaited<ReturnType<typeof getCatalog>>>;
    const expected = seedServices.filter((service) =>
      ["Preventive", "Cosmetic"].includes(service.category),
    );
    expect(result.data.total).toBe(expected.length);
    expect(result.data.pages).toBe(2);
    expect(result.data.services.map((service) => service.slug).sort()).toEqual(
      expected.map((service) => service.slug).sort(),
    );
    expect(result.data.filter).toEqual({ checked: ["Preventive", "Cosmetic"], radio: null });
  });

  it("filters by a price range alone", async () => {
    const catalog = await getCatalog(new URLSearchParams("radio=0-100"));
    const expected = seedServices.filter((service) => service.priceCents <= 10_000);
    expect(catalog.total).toBe(expected.length);
    for (const product of catalog.services) expect(product.price).toBeLessThanOrEqual(100);
  });

  it("answers a malformed filter with 400, says why and shows the first page", async () => {
    const result = (await allServicesLoader(
      args("/all-service?radio=cheap"),
    )) as unknown as DataWithInit<Awaited<ReturnType<typeof getCatalog>>>;
    expect(result.init?.status).toBe(400);
    expect(result.data.filterError).toMatch(/^The price range "cheap" must be two amounts/);
    expect(result.data.services).toHaveLength(6);
    expect(result.data.total).toBe(TOTAL);
  });

  it("shows an empty list, not an error, when nothing matches", async () => {
    const catalog = await getCatalog(new URLSearchParams("radio=0-1"));
    expect(catalog).toMatchObject({ services: [], total: 0, pages: 1, filterError: null });
  });
});

describe("the service page", () => {
  it("resolves the id and the slug to the same service, with its reviews and average", async () => {
    const stored = await prisma.service.findUniqueOrThrow({ where: { slug: "teeth-whitening" } });
    const extra = await prisma.review.create({
      data: { name: "Second Patient", message: "Fine.", rating: 2, serviceId: stored.id },
    });
    const byId = await productLoader(args(`/product/${stored.id}`, { idOrSlug: stored.id }));
    const bySlug = await productLoader(
      args("/product/teeth-whitening", { idOrSlug: "teeth-whitening" }),
    );
    expect(byId).toEqual(bySlug);
    expect(byId.service).toMatchObject({ _id: stored.id, name: "Teeth Whitening", price: 299 });
    expect(byId.reviews.count).toBe(2);
    expect(byId.reviews.average).toBe(3.5);
    expect(byId.reviews.reviews.map((review) => review.name)).toEqual([
      "Second Patient",
      "Amelia Hart",
    ]);
    expect(byId.canonical).toMatch(/\/product\/teeth-whitening$/);
    await prisma.review.delete({ where: { id: extra.id } });
  });

  it("has no average for a service without reviews", async () => {
    const { reviews } = await productLoader(
      args("/product/bone-grafting", { idOrSlug: "bone-grafting" }),
    );
    expect(reviews).toMatchObject({ count: 0, average: null, reviews: [] });
  });

  it("is a 404 for an unknown id or slug", async () => {
    for (const idOrSlug of ["no-such-service", "", "x".repeat(300)]) {
      const response = await thrown(() =>
        productLoader(args(`/product/${idOrSlug}`, { idOrSlug })),
      );
      expect(response.status).toBe(404);
    }
  });
});

describe("the tool page", () => {
  it("shows the whole card of a known tool", () => {
    const { tool } = toolLoader(args("/tool/anyword", { slug: "anyword" }));
    expect(tool).toMatchObject({
      slug: "anyword",
      title: "Anyword",
      image: "/images/blog/anyword.svg",
    });
  });

  it("is a 404 for an unknown slug", async () => {
    const response = await thrown(() => toolLoader(args("/tool/nope", { slug: "nope" })));
    expect(response.status).toBe(404);
  });
});
