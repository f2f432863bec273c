// The work and memory one request may cost (issue 9.2): the list renders at most
// MAX_LISTED_PAGES pages, a page past that is shown alone; a page carries only as much of
// each description as its card shows; reads nobody could ask for twice are not kept; and
// the read cache is bounded by bytes.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_LISTED_PAGES, PAGE_SIZE } from "~/data/catalog-filter";
import { getCatalog, getServicePage } from "~/models/services/catalog.server";
import { loader as homeLoader } from "~/routes/_index";
import { loader as getProductLoader } from "~/routes/api.get-product._index";
import { prisma } from "~/infra/db.server";
import { cachedRead, clearReadCache, readCacheSize } from "~/infra/read-cache.server";

const SERVICES = 140;
const LONG = "A very long description that goes on and on. ".repeat(40).slice(0, 2000);

beforeAll(async () => {
  await prisma.service.deleteMany();
  const start = Date.parse("2025-01-01T00:00:00Z");
  await prisma.service.createMany({
    data: Array.from({ length: SERVICES }, (_, i) => ({
      slug: `bounded-${i}`,
      name: `Bounded service ${i}`,
      description: LONG,
      priceCents: 10_000 + i * 100,
      photo: "/images/services/teeth-cleaning.svg",
      category: "Preventive",
      createdAt: new Date(start + i * 60_000),
    })),
  });
});

const home = (query: string) =>
  homeLoader({
    request: new Request(`http://localhost/${query}`),
    params: {},
    context: { clientIp: "127.0.0.1" },
  } as LoaderFunctionArgs);

describe("the services list", () => {
  it(`renders pages 1..N together up to ${MAX_LISTED_PAGES} pages`, async () => {
    const { catalog } = await home(`?page=${MAX_LISTED_PAGES}`);
    expect(catalog).toMatchObject({ firstPage: 1, pages: MAX_LISTED_PAGES, total: SERVICES });
    expect(catalog.services).toHaveLength(MAX_LISTED_PAGES * PAGE_SIZE);
  });

  it("shows a page past that alone, the newest-first order kept", async () => {
    const page = MAX_LISTED_PAGES + 1;
    const { catalog } = await home(`?page=${page}`);
    expect(catalog).toMatchObject({ firstPage: page, pages: page });
    expect(catalog.services.map((service) => service.slug)).toEqual(
      Array.from(
        { length: PAGE_SIZE },
        (_, i) => `bounded-${SERVICES - 1 - (page - 1) * PAGE_SIZE - i}`,
      ),
    );
  });

  it("answers ?page=1000000 with the last page alone", async () => {
    const last = Math.ceil(SERVICES / PAGE_SIZE);
    const { catalog } = await home("?page=1000000");
    expect(catalog).toMatchObject({ firstPage: last, pages: last });
    expect(catalog.services).toHaveLength(SERVICES - (last - 1) * PAGE_SIZE);
  });

  it("carries only the part of a description its card shows", async () => {
    const { catalog } = await home("");
    expect(catalog.services[0]!.description).toBe(LONG.slice(0, 55));
  });
});

describe("reads that are not kept", () => {
  it("a price range nobody is offered, and a page past the end", async () => {
    clearReadCache();
    await getCatalog(new URLSearchParams("radio=100-499.99"));
    // The count of the whole list, kept once, tells where the end is.
    await getServicePage("99999");
    const kept = readCacheSize();
    expect(kept).toBeGreaterThan(0);
    for (let i = 0; i < 20; i += 1) {
      const catalog = await getCatalog(new URLSearchParams(`radio=${i}-${1000 + i}`));
      expect(catalog.filterError).toBeNull();
      const past = await getServicePage(String(100_000 + i));
      expect(past.ok && past.services).toEqual([]);
    }
    expect(readCacheSize()).toBe(kept);
  });
});

describe("the read cache", () => {
  it("holds at most 16 MB, however many large values are read", async () => {
    clearReadCache();
    const big = "x".repeat(1024 * 1024);
    for (let i = 0; i < 40; i += 1)
      await cachedRead(["catalogue"], `big:${i}`, async () => `${big}${i}`);
    expect(readCacheSize()).toBeLessThanOrEqual(16 * 1024 * 1024);
    expect(readCacheSize()).toBeGreaterThan(8 * 1024 * 1024);
    clearReadCache();
  });
});

describe("GET /api/get-product", () => {
  it("streams every service in batches, as one JSON document in name order", async () => {
    const response = (await getProductLoader({
      request: new Request("http://localhost/api/get-product"),
      params: {},
      context: { clientIp: "127.0.0.1" },
    } as LoaderFunctionArgs)) as Response;
    expect(response.headers.get("content-type")).toBe("application/json");
    const reader = response.body!.getReader();
    let chunks = 0;
    let text = "";
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks += 1;
      text += decoder.decode(value, { stream: true });
    }
    // The opening, one chunk per batch of 200 at most, the closing: never one big string.
    expect(chunks).toBeGreaterThanOrEqual(3);
    const body = JSON.parse(text) as { success: boolean; products: Array<{ name: string }> };
    expect(body.success).toBe(true);
    expect(body.products).toHaveLength(SERVICES);
    const names = body.products.map((product) => product.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });
});
