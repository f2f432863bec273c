// The data cache and the response cache keep a value while the generations of its data
// areas stay where they were (docs/decisions/046-one-cache-rule.md). That is right only while
// every table a cached value is read from belongs to one of the areas it names: this reads
// the tables of every cached read and of every answer the response cache may keep (a public
// page or public JSON read, as a visitor without a cookie gets it), from the statements the
// app's adapter is handed (its public interface), as SQLite itself compiles them (EXPLAIN).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { SqlDriverAdapter } from "@prisma/driver-adapter-utils";
import type { LoaderFunctionArgs } from "@remix-run/node";
import Database from "better-sqlite3";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { ClinicSqlite } from "~/infra/sqlite-adapter.server";

// Every statement the app's connection is handed, from its first query on.
const statements: Statement[] = [];
type Statement = { sql: string; params: number };
const connect = ClinicSqlite.prototype.connect;
vi.spyOn(ClinicSqlite.prototype, "connect").mockImplementation(async function (this: ClinicSqlite) {
  const adapter: SqlDriverAdapter = await connect.call(this);
  const recording: SqlDriverAdapter = {
    provider: adapter.provider,
    adapterName: adapter.adapterName,
    queryRaw: (query) => {
      statements.push({ sql: query.sql, params: query.args.length });
      return adapter.queryRaw(query);
    },
    executeRaw: (query) => adapter.executeRaw(query),
    executeScript: (script) => adapter.executeScript(script),
    startTransaction: (level) => adapter.startTransaction(level),
    dispose: () => adapter.dispose(),
  };
  return recording;
});

const { seed } = await import("../../../prisma/seed-database");
const { BLOG_TOOLS } = await import("~/data/blog-tools");
const { loadDayPlans } = await import("~/models/booking/availability.server");
const { findBookableService, resolveDentist } = await import("~/models/booking/choices.server");
const { getClinicSettings } = await import("~/models/settings/clinic-settings.server");
const { activeChairs, closureOn, dentistsBetween } =
  await import("~/models/front-desk/diary.server");
const { diaryWeek, weekClosures } = await import("~/models/front-desk/diary-week.server");
const { diaryDay } = await import("~/models/front-desk/diary.server");
const { appointmentsNeedingAttention } = await import("~/models/booking/attention.server");
const { visitsNeedingOutcome } = await import("~/models/front-desk/diary-visits.server");
const { bookingChoices, listTeam, serviceVisit } = await import("~/models/team/dentists.server");
const { listReviews } = await import("~/models/reviews/reviews.server");
const { allServicesInBatches, countServices, getAllServices, getCatalog, getServiceByIdOrSlug } =
  await import("~/models/services/catalog.server");
const { getUserByToken } = await import("~/infra/session.server");
const { prisma } = await import("~/infra/db.server");
const { activeForms } = await import("~/models/forms/templates.server");
const { historyStates } = await import("~/models/forms/due.server");
const { clearReadCache, DATA_AREAS, PUBLIC_AREAS } = await import("~/infra/read-cache.server");
const { TUESDAY, upcoming } = await import("../../support/clinic-dates");
const { createUser, sessionFor, storeAppointment } = await import("../../support/factories");
const { discoverRoutes } = await import("../../support/route-discovery");

type Area = keyof typeof DATA_AREAS;

let service: {
  id: string;
  slug: string;
  name: string;
  durationMinutes: number;
  bufferMinutes: number;
};
let dentistSlug: string;
let sessionToken: string;
let staff: { id: string; role: string };

beforeAll(async () => {
  await seed(prisma, { demoAccounts: false });
  ({ token: sessionToken } = await sessionFor(await createUser()));
  staff = await createUser({ role: "reception" });
  service = await prisma.service.findFirstOrThrow({
    where: { status: "published", hidden: false },
    select: { id: true, slug: true, name: true, durationMinutes: true, bufferMinutes: true },
  });
  dentistSlug = (await prisma.dentist.findFirstOrThrow({ where: { active: true } })).slug;
  // A patient's visit, whose medical history the diary's states read.
  const patient = await createUser();
  await prisma.user.update({ where: { id: patient.id }, data: { dateOfBirth: "1980-05-17" } });
  await storeAppointment({
    userId: patient.id,
    serviceId: service.id,
    date: upcoming(TUESDAY, 5),
    time: "10:00",
  });
});

/** Each table's name by the root page of the table or of one of its indexes. */
let tableOfPage: Map<number, string>;

/** The tables the statements read or write, as SQLite compiles them. */
async function tablesOf(sqls: Statement[]): Promise<Set<string>> {
  const db = new Database(new URL(process.env.DATABASE_URL!).pathname, { readonly: true });
  tableOfPage ??= new Map(
    (
      db.prepare("SELECT rootpage, tbl_name FROM sqlite_master WHERE rootpage > 0").all() as {
        rootpage: number;
        tbl_name: string;
      }[]
    ).map((row) => [row.rootpage, row.tbl_name]),
  );
  const tables = new Set<string>();
  try {
    for (const { sql, params } of sqls) {
      const explain = db.prepare(`EXPLAIN ${sql}`);
      const program = explain.all(...Array<null>(params).fill(null)) as {
        opcode: string;
        p2: number;
      }[];
      for (const step of program) {
        if (step.opcode === "OpenRead" || step.opcode === "OpenWrite") {
          tables.add(tableOfPage.get(step.p2) ?? `page ${step.p2}`);
        }
      }
    }
  } finally {
    db.close();
  }
  return tables;
}

/**
 * The statements `work` runs on an empty cache that it does not run again on a full one
 * (`whole`: all of them, for a load that is what the call keeps).
 */
async function cachedStatements(work: () => Promise<unknown>, whole = false): Promise<Statement[]> {
  clearReadCache();
  statements.length = 0;
  await work();
  const cold = statements.splice(0);
  if (whole) return cold;
  await work();
  for (const warm of statements.splice(0)) {
    const at = cold.findIndex((statement) => statement.sql === warm.sql);
    if (at !== -1) cold.splice(at, 1);
  }
  return cold;
}

const outside = (tables: Set<string>, areas: readonly Area[]) => {
  const covered = new Set<string>(areas.flatMap((area) => DATA_AREAS[area]));
  return [...tables].filter((table) => !covered.has(table));
};

type Probe = {
  file: string;
  name: string;
  /** The areas the call names. */
  areas: Area[];
  /** The areas of cached reads the load calls in turn (a day's plans read the settings). */
  nested?: Area[];
  /** The load is the function the call caches, called directly: all its statements count. */
  whole?: boolean;
  load: () => Promise<unknown>;
};

/** Each call of `cachedRead` in app/, by file, with the areas it names and what makes it load. */
const CACHED_READS: Probe[] = [
  {
    file: "models/reviews/reviews.server.ts",
    name: "recent reviews",
    areas: ["reviews", "catalogue"],
    nested: ["settings"],
    load: () => listReviews(),
  },
  {
    file: "models/booking/availability.server.ts",
    name: "a day's plans",
    // The clinic's hours cut each dentist's: read outside, kept inside.
    areas: ["team", "settings"],
    load: async () => {
      await loadDayPlans(upcoming(TUESDAY, 1), service.id);
      await loadDayPlans(upcoming(TUESDAY, 1), null);
    },
  },
  {
    file: "models/services/catalog.server.ts",
    name: "catalogue pages and counts",
    areas: ["catalogue"],
    load: async () => {
      await getCatalog(new URLSearchParams());
      await countServices();
    },
  },
  {
    file: "models/services/catalog.server.ts",
    name: "services by name",
    areas: ["catalogue"],
    load: () => getAllServices(),
  },
  {
    file: "models/services/catalog.server.ts",
    name: "services by name in batches",
    areas: ["catalogue"],
    load: async () => {
      for await (const batch of await allServicesInBatches()) void batch;
    },
  },
  {
    file: "models/services/catalog.server.ts",
    name: "one service",
    areas: ["catalogue"],
    load: () => getServiceByIdOrSlug(service.slug),
  },
  {
    file: "models/settings/clinic-settings.server.ts",
    name: "clinic settings",
    areas: ["settings"],
    load: () => getClinicSettings(),
  },
  {
    file: "models/team/dentists.server.ts",
    name: "the team",
    areas: ["team", "catalogue"],
    load: () => listTeam(),
  },
  {
    file: "models/booking/choices.server.ts",
    name: "a bookable service",
    areas: ["catalogue"],
    load: () => findBookableService(service.id),
  },
  {
    file: "models/booking/choices.server.ts",
    name: "a dentist by id or slug",
    areas: ["team"],
    load: () => resolveDentist(dentistSlug, service),
  },
  {
    file: "models/booking/choices.server.ts",
    name: "a service's performers",
    areas: ["team"],
    load: () => resolveDentist(dentistSlug, service),
  },
  {
    file: "models/team/dentists.server.ts",
    name: "bookable services",
    areas: ["catalogue"],
    nested: ["team"],
    load: () => bookingChoices(),
  },
  {
    file: "models/front-desk/diary.server.ts",
    name: "the diary's dentists",
    areas: ["team"],
    whole: true,
    load: () => dentistsBetween(upcoming(TUESDAY, 1), upcoming(TUESDAY, 1)),
  },
  {
    file: "models/front-desk/diary.server.ts",
    name: "the diary's closure",
    areas: ["team"],
    whole: true,
    load: () => closureOn(upcoming(TUESDAY, 1)),
  },
  {
    file: "models/front-desk/diary.server.ts",
    name: "the diary's chairs",
    areas: ["team"],
    whole: true,
    load: activeChairs,
  },
  {
    file: "models/front-desk/diary-week.server.ts",
    name: "the diary week's dentists",
    areas: ["team"],
    whole: true,
    load: () => dentistsBetween(upcoming(TUESDAY, 1), upcoming(TUESDAY, 2)),
  },
  {
    file: "models/front-desk/diary-week.server.ts",
    name: "the diary week's closures",
    areas: ["team"],
    whole: true,
    load: () => weekClosures(upcoming(TUESDAY, 1)),
  },
  {
    file: "models/team/dentists.server.ts",
    name: "a service's visit",
    areas: ["catalogue"],
    nested: ["team"],
    load: () => serviceVisit(service.id),
  },
  {
    file: "models/forms/templates.server.ts",
    name: "the active forms",
    areas: ["forms"],
    load: () => activeForms(),
  },
  // The diary's visits. A read written inline in the day (or week) is probed through the
  // whole day (week), whose cached statements must fall within the areas its calls name.
  {
    file: "models/front-desk/diary.server.ts",
    name: "the diary's visits of the day",
    areas: ["visits", "catalogue", "team"],
    nested: ["settings", "accounts", "forms"],
    load: () => diaryDay({ date: upcoming(TUESDAY, 1), view: "dentist", viewer: staff }),
  },
  {
    file: "models/front-desk/diary.server.ts",
    name: "the diary's visits needing attention",
    areas: ["visits", "team", "settings", "catalogue"],
    whole: true,
    load: () =>
      appointmentsNeedingAttention({ from: upcoming(TUESDAY, 1), to: upcoming(TUESDAY, 2) }),
  },
  {
    file: "models/front-desk/diary.server.ts",
    name: "the diary's past visits needing an outcome",
    areas: ["visits", "team"],
    whole: true,
    load: () => visitsNeedingOutcome(new Date()),
  },
  {
    file: "models/front-desk/diary.server.ts",
    name: "the diary's week of counts",
    areas: ["visits"],
    nested: ["settings", "catalogue", "team", "accounts", "forms"],
    load: () => diaryDay({ date: upcoming(TUESDAY, 1), view: "dentist", viewer: staff }),
  },
  {
    file: "models/front-desk/diary.server.ts",
    name: "the day's medical histories, due or to review",
    areas: ["visits", "accounts", "forms"],
    nested: ["settings"],
    whole: true,
    load: async () =>
      historyStates(
        await prisma.appointment.findMany({
          where: { userId: { not: null } },
          select: { id: true, userId: true, date: true, serviceId: true, startsAt: true },
          take: 50,
        }),
      ),
  },
  {
    file: "models/front-desk/diary-week.server.ts",
    name: "a dentist's week of visits",
    areas: ["visits", "catalogue", "team"],
    nested: ["settings"],
    load: () => diaryWeek({ date: upcoming(TUESDAY, 1), dentist: null, viewer: staff }),
  },
  {
    file: "infra/session.server.ts",
    name: "a session and its account",
    areas: ["accounts"],
    load: () => getUserByToken(sessionToken),
  },
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

describe("every table a cache keeps a value of belongs to the areas it follows", () => {
  it("has a probe for every cachedRead call in app/, naming the same areas", () => {
    const calls: string[] = [];
    for (const file of sourceFiles(path.resolve("app"))) {
      if (file.endsWith("read-cache.server.ts")) continue;
      const source = readFileSync(file, "utf8");
      for (const [, areas] of source.matchAll(/\bcachedRead\(\s*\[([^\]]*)\]/g)) {
        calls.push(`${path.relative(path.resolve("app"), file)} ${areas!.replace(/\s/g, "")}`);
      }
      expect(source.match(/\bcachedRead\(/g)?.length ?? 0, file).toBe(
        calls.filter((call) => call.startsWith(`${path.relative(path.resolve("app"), file)} `))
          .length,
      );
    }
    const probes = CACHED_READS.map(
      (read) => `${read.file} ${read.areas.map((area) => `"${area}"`).join(",")}`,
    );
    expect(calls.sort()).toEqual(probes.sort());
  });

  for (const read of CACHED_READS) {
    it(`cached read: ${read.name} (${read.file})`, async () => {
      const tables = await tablesOf(await cachedStatements(read.load, read.whole));
      expect(tables.size).toBeGreaterThan(0);
      expect(outside(tables, [...read.areas, ...(read.nested ?? [])])).toEqual([]);
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
      clearReadCache();
      statements.length = 0;
      if (module.default) await root.loader(args);
      const answer = await module.loader?.(args);
      // A streamed list reads as it is written.
      if (answer instanceof Response) await answer.text();
      const tables = await tablesOf(statements.splice(0));
      // Every page reads the clinic's settings in the root's data (the header's phone).
      expect(tables.size, route.pattern).toBeGreaterThan(0);
      found[route.pattern] = outside(tables, PUBLIC_AREAS);
    }
    expect(Object.keys(found).sort()).toEqual(Object.keys(PUBLIC_PARAMS).sort());
    for (const [pattern, tables] of Object.entries(found)) expect(tables, pattern).toEqual([]);
  });
});
