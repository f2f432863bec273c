// The read and response caches keep their values through writes to the visits' own tables
// (VISIT_TABLES: a booking leaves the catalogue alone, ADR 030). That is right only while
// nothing they keep is read from those tables: this reads the tables of every cached read
// and of every answer the response cache may keep (a public page or public JSON read, as
// a visitor without a cookie gets it), from the statements SQLite is asked to prepare.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { LoaderFunctionArgs } from "@remix-run/node";
import Database from "better-sqlite3";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { seed } from "../../../prisma/seed-database";
import { BLOG_TOOLS } from "~/data/blog-tools";
import { loadDayPlans } from "~/models/booking/availability.server";
import { findBookableService, resolveDentist } from "~/models/booking/choices.server";
import { getClinicSettings } from "~/models/settings/clinic-settings.server";
import { activeChairs, closureOn, dentistsBetween } from "~/models/front-desk/diary.server";
import { weekClosures } from "~/models/front-desk/diary-week.server";
import { bookingChoices, listTeam, serviceVisit } from "~/models/team/dentists.server";
import { listReviews } from "~/models/reviews/reviews.server";
import {
  allServicesInBatches,
  countServices,
  getAllServices,
  getCatalog,
  getServiceByIdOrSlug,
} from "~/models/services/catalog.server";
import { prisma } from "~/infra/db.server";
import { activeForms } from "~/models/forms/templates.server";
import { clearReadCache } from "~/infra/read-cache.server";
import { VISIT_TABLES } from "~/infra/sqlite-adapter.server";
import { TUESDAY, upcoming } from "../../support/clinic-dates";
import { discoverRoutes } from "../../support/route-discovery";

let service: {
  id: string;
  slug: string;
  name: string;
  durationMinutes: number;
  bufferMinutes: number;
};
let dentistSlug: string;

beforeAll(async () => {
  await seed(prisma, { demoAccounts: false });
  service = await prisma.service.findFirstOrThrow({
    where: { status: "published", hidden: false },
    select: { id: true, slug: true, name: true, durationMinutes: true, bufferMinutes: true },
  });
  dentistSlug = (await prisma.dentist.findFirstOrThrow({ where: { active: true } })).slug;
});

/** The tables the statements prepared while `work` ran read or write, on an empty cache. */
async function tablesOf(work: () => Promise<unknown>): Promise<Set<string>> {
  clearReadCache();
  const prepared = vi.spyOn(Database.prototype, "prepare");
  let statements: string[];
  try {
    await work();
  } finally {
    statements = prepared.mock.calls.map(([sql]) => String(sql));
    prepared.mockRestore();
  }
  const tables = new Set<string>();
  for (const sql of statements) {
    for (const [, table] of sql.matchAll(
      /\b(?:FROM|JOIN|INTO|UPDATE)\s+(?:[`"]?main[`"]?\.)?[`"]?(\w+)/gi,
    )) {
      tables.add(table!);
    }
  }
  return tables;
}

const visitTablesIn = (tables: Set<string>) => [...tables].filter((t) => VISIT_TABLES.has(t));

/** Each call of `cachedRead` in app/, by file, with what makes it load. */
const CACHED_READS: { file: string; name: string; load: () => Promise<unknown> }[] = [
  { file: "models/reviews/reviews.server.ts", name: "recent reviews", load: () => listReviews() },
  {
    file: "models/booking/availability.server.ts",
    name: "a day's plans",
    load: async () => {
      await loadDayPlans(upcoming(TUESDAY, 1), service.id);
      await loadDayPlans(upcoming(TUESDAY, 1), null);
    },
  },
  {
    file: "models/services/catalog.server.ts",
    name: "catalogue pages and counts",
    load: async () => {
      await getCatalog(new URLSearchParams());
      await countServices();
    },
  },
  {
    file: "models/services/catalog.server.ts",
    name: "services by name",
    load: () => getAllServices(),
  },
  {
    file: "models/services/catalog.server.ts",
    name: "services by name in batches",
    load: async () => {
      for await (const batch of await allServicesInBatches()) void batch;
    },
  },
  {
    file: "models/services/catalog.server.ts",
    name: "one service",
    load: () => getServiceByIdOrSlug(service.slug),
  },
  {
    file: "models/settings/clinic-settings.server.ts",
    name: "clinic settings",
    load: () => getClinicSettings(),
  },
  { file: "models/team/dentists.server.ts", name: "the team", load: () => listTeam() },
  {
    file: "models/booking/choices.server.ts",
    name: "a bookable service",
    load: () => findBookableService(service.id),
  },
  {
    file: "models/booking/choices.server.ts",
    name: "a dentist by id or slug, and a service's performers",
    load: () => resolveDentist(dentistSlug, service),
  },
  {
    file: "models/booking/choices.server.ts",
    name: "a service's performers, for any dentist's own id",
    load: async () => {
      const dentist = await prisma.dentist.findFirstOrThrow({ where: { active: true } });
      clearReadCache();
      return resolveDentist(dentist.id, service);
    },
  },
  {
    file: "models/team/dentists.server.ts",
    name: "bookable services",
    load: () => bookingChoices(),
  },
  // The diary's catalogue reads; its visits go through cachedVisitRead, which every write empties.
  {
    file: "models/front-desk/diary.server.ts",
    name: "the diary's dentists",
    load: () => dentistsBetween(upcoming(TUESDAY, 1), upcoming(TUESDAY, 1)),
  },
  {
    file: "models/front-desk/diary.server.ts",
    name: "the diary's closure",
    load: () => closureOn(upcoming(TUESDAY, 1)),
  },
  { file: "models/front-desk/diary.server.ts", name: "the diary's chairs", load: activeChairs },
  {
    file: "models/front-desk/diary-week.server.ts",
    name: "the diary week's dentists",
    load: () => dentistsBetween(upcoming(TUESDAY, 1), upcoming(TUESDAY, 2)),
  },
  {
    file: "models/front-desk/diary-week.server.ts",
    name: "the diary week's closures",
    load: () => weekClosures(upcoming(TUESDAY, 1)),
  },
  {
    file: "models/team/dentists.server.ts",
    name: "a service's visit",
    load: () => serviceVisit(service.id),
  },
  { file: "models/forms/templates.server.ts", name: "the active forms", load: () => activeForms() },
];

/** The params of each public route, by its URL pattern. */
const PUBLIC_PARAMS: Record<string, () => Record<string, string>> = {
  "/": () => ({}),
  "/all-service": () => ({}),
  "/blog": () => ({}),
  "/tool/:slug": () => ({ slug: BLOG_TOOLS[0]!.slug }),
  "/product/:idOrSlug": () => ({ idOrSlug: service.slug }),
  "/api/get-product": () => ({}),
  "/api/get-product/:id": () => ({ id: service.id }),
  "/api/product-count": () => ({}),
  "/api/product-list/:page": () => ({ page: "1" }),
  "/api/reviews": () => ({}),
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("nothing the caches keep is read from a visit table", () => {
  it("has a probe for every cachedRead call in app/", () => {
    const calls: string[] = [];
    for (const file of sourceFiles(path.resolve("app"))) {
      if (file.endsWith("read-cache.server.ts")) continue;
      const count = readFileSync(file, "utf8").match(/\bcachedRead\(/g)?.length ?? 0;
      for (let i = 0; i < count; i += 1) calls.push(path.relative(path.resolve("app"), file));
    }
    expect(calls.sort()).toEqual(CACHED_READS.map((read) => read.file).sort());
  });

  for (const read of CACHED_READS) {
    it(`cached read: ${read.name} (${read.file})`, async () => {
      const tables = await tablesOf(read.load);
      expect(tables.size).toBeGreaterThan(0);
      expect(visitTablesIn(tables)).toEqual([]);
    });
  }

  it("has params for every route whose answer the response cache may keep", () => {
    const shared = discoverRoutes().filter((route) => {
      const source = readFileSync(path.resolve("app/routes", route.file), "utf8");
      return /publicPageHeaders|publicApiJson/.test(source);
    });
    expect(shared.map((route) => route.pattern).sort()).toEqual(Object.keys(PUBLIC_PARAMS).sort());
  });

  it("every public page and JSON read, as a visitor without a cookie gets it, with the root's data", async () => {
    const root = await import("~/root");
    const found: Record<string, string[]> = {};
    for (const route of discoverRoutes()) {
      const params = PUBLIC_PARAMS[route.pattern];
      if (!params) continue;
      const module = (await import(`~/routes/${route.file.replace(/\.tsx?$/, "")}`)) as {
        loader?: (args: LoaderFunctionArgs) => unknown;
        default?: unknown;
      };
      const values = params();
      const url = `http://localhost${route.pattern.replace(/:(\w+)/g, (_, name: string) => values[name]!)}`;
      const args = {
        request: new Request(url),
        params: values,
        context: { clientIp: "127.0.0.1" },
      } as unknown as LoaderFunctionArgs;
      const tables = await tablesOf(async () => {
        if (module.default) await root.loader(args);
        const answer = await module.loader?.(args);
        // A streamed list reads as it is written.
        if (answer instanceof Response) await answer.text();
      });
      // Every page reads the clinic's settings in the root's data (the header's phone).
      expect(tables.size, route.pattern).toBeGreaterThan(0);
      found[route.pattern] = visitTablesIn(tables);
    }
    expect(Object.keys(found).sort()).toEqual(Object.keys(PUBLIC_PARAMS).sort());
    for (const tables of Object.values(found)) expect(tables).toEqual([]);
  });
});
