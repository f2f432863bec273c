import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { seedReviews, seedServices } from "../../../prisma/seed-data";
import { seed } from "../../../prisma/seed-database";
import { createService } from "../../support/factories";
import { action as productCountPost, loader as productCount } from "~/routes/api.product-count";
import {
  action as productFilters,
  loader as productFiltersGet,
} from "~/routes/api.product-filters";
import { action as productListPost, loader as productList } from "~/routes/api.product-list.$page";
import { action as reviewsPost, loader as reviews } from "~/routes/api.reviews";
import { action as allProductsPost, loader as allProducts } from "~/routes/api.get-product._index";
import { action as oneProductPost, loader as oneProduct } from "~/routes/api.get-product.$id";
import { prisma } from "~/infra/db.server";

const context = { clientIp: "127.0.0.1" };
const TOTAL = seedServices.length;

function get(path: string, params: Record<string, string> = {}) {
  return {
    request: new Request(`http://localhost${path}`),
    params,
    context,
  } as unknown as LoaderFunctionArgs;
}

function post(body: unknown, init: { raw?: string; contentType?: string } = {}) {
  return {
    request: new Request("http://localhost/api/product-filters", {
      method: "POST",
      headers: { "content-type": init.contentType ?? "application/json" },
      body: init.raw ?? JSON.stringify(body),
    }),
    params: {},
    context,
  } as unknown as ActionFunctionArgs;
}

/** A write (POST with an empty JSON body) to `path`. */
function write(path: string) {
  return {
    request: new Request(`http://localhost${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    }),
    params: {},
    context,
  } as unknown as ActionFunctionArgs;
}

/** Calls a route function and reads its answer, whether it returned or threw a Response. */
async function call(run: () => Promise<Response> | Response) {
  let response: Response;
  try {
    response = await run();
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    response = thrown;
  }
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const PRODUCT_KEYS = ["_id", "category", "description", "name", "photo", "price", "slug"];

function expectProductShape(product: Record<string, unknown>) {
  expect(Object.keys(product).sort()).toEqual(PRODUCT_KEYS);
  expect(typeof product._id).toBe("string");
  expect(typeof product.price).toBe("number");
  expect(product.photo).toMatch(/^\/images\//);
}

beforeAll(async () => {
  await seed(prisma, { demoAccounts: false });
});

describe("GET /api/product-count", () => {
  it("answers the number of services", async () => {
    const { status, body } = await call(() => productCount(get("/api/product-count")));
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, total: TOTAL });
  });
});

describe("GET /api/product-list/{page}", () => {
  it("gives 6 services per page, newest first, with the spec's product shape", async () => {
    const { status, body } = await call(() =>
      productList(get("/api/product-list/1", { page: "1" })),
    );
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.page).toBe(1);
    const products = body.products as Array<Record<string, unknown>>;
    expect(products).toHaveLength(6);
    products.forEach(expectProductShape);
    // The seed creates the list's first services last, so they are the newest.
    expect(products.map((product) => product.slug)).toEqual(
      seedServices.slice(0, 6).map((service) => service.slug),
    );
    const whitening = products.find((product) => product.slug === "teeth-whitening")!;
    expect(whitening.price).toBe(299);
    expect(whitening.name).toBe("Teeth Whitening");
  });

  it("pages through every service exactly once, the last page partly filled", async () => {
    const lastPage = Math.ceil(TOTAL / 6);
    const seen: string[] = [];
    for (let page = 1; page <= lastPage; page += 1) {
      const { body } = await call(() =>
        productList(get(`/api/product-list/${page}`, { page: String(page) })),
      );
      seen.push(...(body.products as Array<{ _id: string }>).map((product) => product._id));
    }
    expect(seen).toHaveLength(TOTAL);
    expect(new Set(seen).size).toBe(TOTAL);
    const lastSize = TOTAL - (lastPage - 1) * 6;
    const { body } = await call(() =>
      productList(get(`/api/product-list/${lastPage}`, { page: String(lastPage) })),
    );
    expect(body.products).toHaveLength(lastSize);
  });

  it("answers a page past the end with an empty list", async () => {
    const { status, body } = await call(() =>
      productList(get("/api/product-list/999", { page: "999" })),
    );
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, page: 999, products: [] });
  });

  it.each(["0", "-1", "abc", "1.5", "1e3", "99999999999999999999", " 2", ""])(
    "refuses the page %j with 400 and a message",
    async (page) => {
      const { status, body } = await call(() =>
        productList(get(`/api/product-list/${encodeURIComponent(page)}`, { page })),
      );
      expect(status).toBe(400);
      expect(body).toEqual({
        success: false,
        message: "The page must be a whole number from 1 to 1,000,000",
      });
    },
  );

  it("narrows to the All Services filter when the query carries one", async () => {
    const { body } = await call(() =>
      productList(get("/api/product-list/1?checked=Orthodontics&radio=0-1000", { page: "1" })),
    );
    const products = body.products as Array<{ category: string; price: number }>;
    expect(products.length).toBeGreaterThan(0);
    for (const product of products) {
      expect(product.category).toBe("Orthodontics");
      expect(product.price).toBeLessThanOrEqual(1000);
    }
  });

  it("refuses a malformed filter in the query", async () => {
    const { status, body } = await call(() =>
      productList(get("/api/product-list/1?checked=Haircuts", { page: "1" })),
    );
    expect(status).toBe(400);
    expect(body.success).toBe(false);
    expect(body.message).toMatch(/Unknown category "Haircuts"/);
  });

  it("refuses other methods with 405", async () => {
    const { status, body } = await call(() => productListPost(write("/api/product-list/1")));
    expect(status).toBe(405);
    expect(body.success).toBe(false);
  });
});

describe("POST /api/product-filters", () => {
  it("filters by categories", async () => {
    const { status, body } = await call(() =>
      productFilters(post({ checked: ["Cosmetic", "Orthodontics"], radio: [] })),
    );
    expect(status).toBe(200);
    const expected = seedServices.filter((service) =>
      ["Cosmetic", "Orthodontics"].includes(service.category),
    );
    expect(body.total).toBe(expected.length);
    const products = body.products as Array<Record<string, unknown>>;
    expect(products).toHaveLength(Math.min(6, expected.length));
    products.forEach(expectProductShape);
    for (const product of products)
      expect(["Cosmetic", "Orthodontics"]).toContain(product.category);
  });

  it("filters by a price range in dollars, inclusive at both ends", async () => {
    const { body } = await call(() => productFilters(post({ checked: [], radio: [95, 299] })));
    const expected = seedServices.filter(
      (service) => service.priceCents >= 9500 && service.priceCents <= 29900,
    );
    expect(body.total).toBe(expected.length);
    const prices = (body.products as Array<{ price: number }>).map((product) => product.price);
    expect(prices).toContain(95);
    for (const price of prices) {
      expect(price).toBeGreaterThanOrEqual(95);
      expect(price).toBeLessThanOrEqual(299);
    }
  });

  it("combines categories and price, and pages with an optional page", async () => {
    const { body } = await call(() =>
      productFilters(post({ checked: ["Preventive"], radio: [0, 100], page: 2 })),
    );
    const expected = seedServices.filter(
      (service) => service.category === "Preventive" && service.priceCents <= 10000,
    );
    expect(body.total).toBe(expected.length);
    expect(body.page).toBe(2);
    expect(body.products).toHaveLength(Math.max(0, Math.min(6, expected.length - 6)));
  });

  it("answers every service (first page) when nothing is chosen, and accepts a form body", async () => {
    const { body } = await call(() =>
      productFilters(post(null, { raw: "", contentType: "application/json" })),
    );
    expect(body.total).toBe(TOTAL);
    expect(body.products).toHaveLength(6);
    const form = await call(() =>
      productFilters(
        post(null, {
          raw: "checked=Orthodontics",
          contentType: "application/x-www-form-urlencoded",
        }),
      ),
    );
    expect(form.status).toBe(400);
    expect(form.body.message).toMatch(/checked must be a list/);
  });

  it("picks up a service added after the seed", async () => {
    const added = await createService({ category: "Orthodontics", priceCents: 123_456 });
    const { body } = await call(() =>
      productFilters(post({ checked: [], radio: [1234.56, 1234.56] })),
    );
    expect((body.products as Array<{ _id: string }>).map((product) => product._id)).toEqual([
      added.id,
    ]);
    await prisma.service.delete({ where: { id: added.id } });
  });

  it.each([
    [{ checked: ["Haircuts"], radio: [] }, /Unknown category "Haircuts": choose from Preventive/],
    [{ checked: "Cosmetic", radio: [] }, /checked must be a list of service categories/],
    [{ checked: [42], radio: [] }, /checked must be a list of service categories/],
    [{ checked: [], radio: [500, 100] }, /radio must be a price range \[min, max\]/],
    [{ checked: [], radio: [100] }, /radio must be a price range/],
    [{ checked: [], radio: ["0", "100"] }, /radio must be a price range/],
    [{ checked: [], radio: [-5, 100] }, /radio must be a price range/],
    [{ checked: [], radio: [0, 100, 200] }, /radio must be a price range/],
    [{ checked: [], radio: "0-100" }, /radio must be a price range/],
    [{ checked: [], radio: [], page: 0 }, /The page must be a whole number/],
  ])("refuses %j with 400 and says what is wrong", async (payload, message) => {
    const { status, body } = await call(() => productFilters(post(payload)));
    expect(status).toBe(400);
    expect(body.success).toBe(false);
    expect(body.message).toMatch(message);
  });

  it("refuses a body that is not JSON, or not an object", async () => {
    for (const raw of ["{not json", "[1,2]", '"text"']) {
      const { status, body } = await call(() => productFilters(post(null, { raw })));
      expect(status).toBe(400);
      expect(body.success).toBe(false);
      expect(typeof body.message).toBe("string");
    }
  });

  it("refuses GET with 405", async () => {
    const { status, body } = await call(() => productFiltersGet(get("/api/product-filters")));
    expect(status).toBe(405);
    expect(body.success).toBe(false);
  });
});

describe("GET /api/reviews", () => {
  it("answers the newest reviews with name, message, rating and their service", async () => {
    const { status, body } = await call(() => reviews(get("/api/reviews")));
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    const list = body.reviews as Array<Record<string, unknown>>;
    expect(list).toHaveLength(seedReviews.length);
    for (const review of list) {
      expect(review).toEqual(
        expect.objectContaining({
          _id: expect.any(String),
          name: expect.any(String),
          message: expect.any(String),
          rating: expect.any(Number),
        }),
      );
      expect(review.rating).toBeGreaterThanOrEqual(1);
      expect(review.rating).toBeLessThanOrEqual(5);
    }
    const dates = list.map((review) => String(review.createdAt));
    expect([...dates].sort().reverse()).toEqual(dates);
    const first = list.find((review) => review.name === "Amelia Hart")!;
    expect(first.service).toMatchObject({ slug: "teeth-whitening", name: "Teeth Whitening" });
  });
});

describe("GET /api/get-product", () => {
  it("answers every service with _id, name and the other fields", async () => {
    const { status, body } = await call(() => allProducts(get("/api/get-product")));
    expect(status).toBe(200);
    const products = body.products as Array<Record<string, unknown>>;
    expect(products).toHaveLength(TOTAL);
    products.forEach(expectProductShape);
    const names = products.map((product) => String(product.name));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });
});

describe("GET /api/get-product/{id}", () => {
  it("answers one service by id, and by slug", async () => {
    const stored = await prisma.service.findUniqueOrThrow({ where: { slug: "invisalign" } });
    const byId = await call(() =>
      oneProduct(get(`/api/get-product/${stored.id}`, { id: stored.id })),
    );
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual({
      success: true,
      product: {
        _id: stored.id,
        slug: "invisalign",
        name: "Invisalign",
        description: stored.description,
        price: 4500,
        photo: "/images/services/invisalign.svg",
        category: "Orthodontics",
      },
    });
    const bySlug = await call(() =>
      oneProduct(get("/api/get-product/invisalign", { id: "invisalign" })),
    );
    expect(bySlug.body).toEqual(byId.body);
  });

  it.each(["no-such-service", "x".repeat(500), " "])(
    "answers an unknown id with 404 and a message",
    async (id) => {
      const { status, body } = await call(() => oneProduct(get(`/api/get-product/x`, { id })));
      expect(status).toBe(404);
      expect(body.success).toBe(false);
      expect(body.message).toMatch(/^No service found for/);
    },
  );
});

describe("methods", () => {
  it("refuses writes to the read-only routes with 405 and { success: false }", async () => {
    for (const [run, path] of [
      [productCountPost, "/api/product-count"],
      [reviewsPost, "/api/reviews"],
      [allProductsPost, "/api/get-product"],
      [oneProductPost, "/api/get-product/x"],
    ] as const) {
      const { status, body } = await call(() => run(write(path)));
      expect(status).toBe(405);
      expect(body).toEqual({ success: false, message: "Method not allowed: use GET" });
    }
  });

  it("refuses PUT on the filter route with 405", async () => {
    const request = new Request("http://localhost/api/product-filters", {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    const { status, body } = await call(() =>
      productFilters({ request, params: {}, context } as unknown as ActionFunctionArgs),
    );
    expect(status).toBe(405);
    expect(body.success).toBe(false);
  });
});
