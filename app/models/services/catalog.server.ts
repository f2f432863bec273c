import type { Prisma, Service, User } from "@prisma/client";
import { getClinicSettings } from "~/models/settings/clinic-settings.server";
import { verifiedAccount } from "~/models/accounts/email-verification.server";
import { prisma } from "~/infra/db.server";
import { CARD_DESCRIPTION_CHARS, dollarsToCents, truncate } from "~/utils/format";
import { cachedRead } from "~/infra/read-cache.server";
import { fail, ok, type Result } from "~/utils/result";
import { may } from "~/models/permissions";
import { isServiceStatus, type ServiceStatus } from "./status";
import { validateForm } from "~/validation/form";
import { serviceSchema } from "~/validation/service";
import { SERVICE_CATEGORIES } from "~/data/service-categories";
import {
  isOfferedRange,
  MAX_LISTED_PAGES,
  NO_FILTER,
  PAGE_SIZE,
  type CatalogFilter,
} from "~/data/catalog-filter";
import { parseFilterBody, parseFilterQuery, parsePage } from "~/validation/catalog";
import { withFreeSlug } from "./slug.server";
import { SERVICE_REQUIRED_FIELDS } from "~/validation/form-fields";

export { MAX_LISTED_PAGES, PAGE_SIZE };

/** A service as every JSON answer and every page component sees it; price in dollars. */
export type ServiceJson = {
  _id: string;
  slug: string;
  name: string;
  description: string;
  price: number;
  photo: string;
  /** One of SERVICE_CATEGORIES. */
  category: string;
};

export function toServiceJson(service: Service): ServiceJson {
  return {
    _id: service.id,
    slug: service.slug,
    name: service.name,
    description: service.description,
    price: service.priceCents / 100,
    photo: service.photo,
    category: service.category,
  };
}

/**
 * The one rule for what the public sees: a published service the clinic has not hidden.
 * Every public read (catalogue, counts, filters, the product API, the booking and review
 * pickers) narrows by this; only its author and staff may open any other.
 */
export const PUBLICLY_LISTED = {
  status: "published",
  hidden: false,
} as const satisfies Prisma.ServiceWhereInput;

export function isPubliclyListed(service: Pick<Service, "status" | "hidden">): boolean {
  return service.status === PUBLICLY_LISTED.status && service.hidden === PUBLICLY_LISTED.hidden;
}

// Newest first; the (createdAt, id) index serves this order.
const NEWEST_FIRST: Prisma.ServiceOrderByWithRelationInput[] = [
  { createdAt: "desc" },
  { id: "desc" },
];

function whereFor(filter: CatalogFilter): Prisma.ServiceWhereInput {
  const where: Prisma.ServiceWhereInput = { ...PUBLICLY_LISTED };
  if (filter.checked.length > 0) where.category = { in: filter.checked };
  if (filter.radio) {
    where.priceCents = {
      gte: Math.round(filter.radio[0] * 100),
      lte: Math.round(filter.radio[1] * 100),
    };
  }
  return where;
}

/**
 * The read cache's name for a filter: categories in their fixed order, so one filter has
 * one name. A price range other than the offered ones is read but never kept (any range
 * would make a new entry).
 */
function filterKey(filter: CatalogFilter): string | null {
  if (filter.radio && !isOfferedRange(filter.radio)) return null;
  const checked = SERVICE_CATEGORIES.filter((category) => filter.checked.includes(category));
  return `${checked.join(",")}|${filter.radio?.join("-") ?? ""}`;
}

function readThrough<T>(key: string | null, load: () => Promise<T>): Promise<T> {
  return key === null ? load() : cachedRead(["catalogue"], key, load);
}

/** How many services match `filter` (all of them without one). */
export async function countServices(filter: CatalogFilter = NO_FILTER): Promise<number> {
  const key = filterKey(filter);
  return readThrough(key && `count:${key}`, () =>
    prisma.service.count({ where: whereFor(filter) }),
  );
}

/** One page (1-based) of the services matching `filter`, newest first; past the end, none. */
async function findPage(page: number, filter: CatalogFilter): Promise<ServiceJson[]> {
  // Pages past the end are neither read nor kept: any number would make a new entry.
  if ((page - 1) * PAGE_SIZE >= (await countServices(filter))) return [];
  const key = filterKey(filter);
  return readThrough(key && `page:${page}:${key}`, async () => {
    const services = await prisma.service.findMany({
      where: whereFor(filter),
      orderBy: NEWEST_FIRST,
      skip: (page - 1) * PAGE_SIZE,
      take: PAGE_SIZE,
    });
    return services.map(toServiceJson);
  });
}

/**
 * `GET /api/product-list/{page}`: one page of the list; a page past the end is an empty
 * list. An optional filter (the All Services query) narrows it, for "load more" in filter mode.
 */
export async function getServicePage(
  rawPage: unknown,
  query?: URLSearchParams,
): Promise<Result<{ page: number; services: ServiceJson[] }>> {
  const page = parsePage(rawPage);
  if (!page.ok) return page;
  const filter = query ? parseFilterQuery(query) : ok({ data: NO_FILTER });
  if (!filter.ok) return filter;
  return ok({ page: page.data, services: await findPage(page.data, filter.data) });
}

/**
 * `POST /api/product-filters` with `{ checked, radio, page? }`: the matching services,
 * a page at a time (page 1 unless asked), with the number that match in all.
 */
export async function filterServices(
  body: Record<string, unknown>,
): Promise<Result<{ page: number; total: number; services: ServiceJson[] }>> {
  const filter = parseFilterBody(body);
  if (!filter.ok) return filter;
  const page = parsePage(body.page ?? 1);
  if (!page.ok) return page;
  const [total, services] = await Promise.all([
    countServices(filter.data),
    findPage(page.data, filter.data),
  ]);
  return ok({ page: page.data, total, services });
}

export type CatalogView = {
  services: ServiceJson[];
  /** How many services match in all (the LoadMore button shows while more remain). */
  total: number;
  /** The last page `services` holds. */
  pages: number;
  /** The first page `services` holds: 1, or `pages` alone past MAX_LISTED_PAGES. */
  firstPage: number;
  filter: CatalogFilter;
  /** Why the query's filter was ignored, when it was malformed. */
  filterError: string | null;
};

/**
 * The services list of the home and All Services pages. `?page=N` shows pages 1..N in one
 * query (N clamped to the last page), so "load more" works without JavaScript; beyond
 * MAX_LISTED_PAGES it shows page N alone. `checked` and `radio` switch to filter mode. A
 * malformed filter is reported and ignored.
 */
export async function getCatalog(query: URLSearchParams): Promise<CatalogView> {
  const parsedFilter = parseFilterQuery(query);
  const filter = parsedFilter.ok ? parsedFilter.data : NO_FILTER;
  const requested = parsePage(query.get("page") ?? 1);
  const total = await countServices(filter);
  const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const pages = Math.min(requested.ok ? requested.data : 1, lastPage);
  const firstPage = pages > MAX_LISTED_PAGES ? pages : 1;
  const key = filterKey(filter);
  let services: ServiceJson[] = [];
  if (total > 0 && firstPage > 1) services = await findPage(pages, filter);
  else if (total > 0) {
    services = await readThrough(key && `pages:${pages}:${key}`, async () => {
      const rows = await prisma.service.findMany({
        where: whereFor(filter),
        orderBy: NEWEST_FIRST,
        take: pages * PAGE_SIZE,
      });
      return rows.map(toServiceJson);
    });
  }
  return {
    // As the cards show them: a page carries no more of a description than its card shows.
    services: services.map((service) => ({
      ...service,
      description: truncate(service.description, CARD_DESCRIPTION_CHARS),
    })),
    total,
    pages,
    firstPage,
    filter,
    filterError: parsedFilter.ok ? null : parsedFilter.message,
  };
}

const BY_NAME: Prisma.ServiceOrderByWithRelationInput[] = [{ name: "asc" }, { id: "asc" }];

/** Every listed service, by name: for the service pickers of the booking and review forms. */
export function getAllServices(): Promise<ServiceJson[]> {
  return cachedRead(["catalogue"], "services:by-name", async () => {
    const services = await prisma.service.findMany({ where: PUBLICLY_LISTED, orderBy: BY_NAME });
    return services.map(toServiceJson);
  });
}

const BATCH_SIZE = 200;

/**
 * Every service, by name, a batch at a time: `GET /api/get-product` streams them, so an
 * answer listing the whole catalogue never holds the whole catalogue. Each batch is kept
 * in the read cache (bounded by bytes, cleared on every write; its key is a service's id,
 * never the request's), so answers that bypass the response cache with a query string
 * share the reads. The first batch is read before this returns (a database that fails,
 * fails here, not in mid-answer).
 */
export async function allServicesInBatches(): Promise<AsyncIterable<ServiceJson[]>> {
  const readBatch = (after?: string) =>
    cachedRead(["catalogue"], `services:by-name:after:${after ?? ""}`, async () => {
      const rows = await prisma.service.findMany({
        where: PUBLICLY_LISTED,
        orderBy: BY_NAME,
        take: BATCH_SIZE,
        ...(after ? { cursor: { id: after }, skip: 1 } : {}),
      });
      return rows.map(toServiceJson);
    });
  const first = await readBatch();
  return {
    async *[Symbol.asyncIterator]() {
      let batch = first;
      while (batch.length > 0) {
        yield batch;
        if (batch.length < BATCH_SIZE) return;
        batch = await readBatch(batch.at(-1)!._id);
      }
    },
  };
}

/** Who is looking at a service page: its author and staff may see one the public may not. */
export type ServiceViewer = Pick<User, "id" | "role"> | null;

/** Where a service that is not publicly listed stands, as its author and staff see it. */
export type ServiceStanding =
  | { listed: true }
  | { listed: false; status: ServiceStatus; hidden: boolean; reason: string | null };

const SERVICE_NOT_FOUND = (key: string) => `No service found for "${key.slice(0, 60)}"`;

/**
 * A service by its id or its slug (the card links by id, More Details by slug). Without a
 * viewer (the JSON API, visitors) only a publicly listed one is found; its author and any
 * staff member also find one that is hidden, awaiting review or rejected, with where it stands.
 */
export async function getServiceByIdOrSlug(
  idOrSlug: string,
  viewer: ServiceViewer = null,
): Promise<Result<{ service: ServiceJson; standing: ServiceStanding }>> {
  const key = idOrSlug.trim();
  const row =
    key.length > 0 && key.length <= 200
      ? await cachedRead(["catalogue"], `service:${key}`, () =>
          prisma.service.findFirst({ where: { OR: [{ id: key }, { slug: key }] } }),
        )
      : null;
  if (!row) return fail(404, SERVICE_NOT_FOUND(key));
  if (isPubliclyListed(row)) return ok({ service: toServiceJson(row), standing: { listed: true } });
  const mayView =
    viewer && may(viewer, "services.viewUnlisted", { own: viewer.id === row.createdById });
  if (!mayView) return fail(404, SERVICE_NOT_FOUND(key));
  const reasons = row.status === "rejected" ? await rejectionReasons([row.id]) : new Map();
  return ok({
    service: toServiceJson(row),
    standing: {
      listed: false,
      status: serviceStatusOf(row.status),
      hidden: row.hidden,
      reason: reasons.get(row.id) ?? null,
    },
  });
}

// A status the app does not know (a manual edit) is treated as still to be reviewed.
function serviceStatusOf(status: string): ServiceStatus {
  return isServiceStatus(status) ? status : "awaiting_review";
}

/**
 * Why each of these services was rejected: the reason the moderator gave, kept in the
 * audit entry of the rejection (the newest one for each service).
 */
async function rejectionReasons(serviceIds: string[]): Promise<Map<string, string>> {
  if (serviceIds.length === 0) return new Map();
  const entries = await prisma.auditEntry.findMany({
    where: { action: "service.reject", entityType: "Service", entityId: { in: serviceIds } },
    orderBy: [{ at: "desc" }, { id: "desc" }],
    select: { entityId: true, after: true },
  });
  const reasons = new Map<string, string>();
  for (const entry of entries) {
    if (!entry.entityId || reasons.has(entry.entityId)) continue;
    const after = parseAuditJson(entry.after);
    if (typeof after.reason === "string") reasons.set(entry.entityId, after.reason);
  }
  return reasons;
}

function parseAuditJson(text: string | null): Record<string, unknown> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export type AddedService = {
  id: string;
  slug: string;
  name: string;
  createdAt: string;
  status: ServiceStatus;
  hidden: boolean;
  reason: string | null;
};

/** The services a patient added, newest first, with where each stands (their own view). */
export async function servicesAddedBy(userId: string): Promise<AddedService[]> {
  const rows = await prisma.service.findMany({
    where: { createdById: userId },
    orderBy: NEWEST_FIRST,
    select: { id: true, slug: true, name: true, createdAt: true, status: true, hidden: true },
    take: 200,
  });
  const reasons = await rejectionReasons(
    rows.filter((row) => row.status === "rejected").map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    status: serviceStatusOf(row.status),
    hidden: row.hidden,
    reason: reasons.get(row.id) ?? null,
  }));
}

export const SERVICE_CREATED = "Product Created Successfully";

/**
 * Add Service and `POST /api/create-product`: for an account with a verified address,
 * validates in the spec's message order and stores the service with a unique slug, its
 * category and the price in cents. While the clinic reviews patient-added services (the
 * default), it waits for a moderator before the public sees it; the answer is the same.
 */
export async function createService(
  input: Record<string, unknown>,
  userId: string,
): Promise<Result<{ service: ServiceJson }>> {
  const author = await verifiedAccount(userId);
  if (!author.ok) return author;
  const validated = validateForm(serviceSchema, input, SERVICE_REQUIRED_FIELDS);
  if (!validated.ok) return validated;
  const { name, description, price, photo, category } = validated.data;
  const { serviceApprovalRequired } = await getClinicSettings();
  const status: ServiceStatus = serviceApprovalRequired ? "awaiting_review" : "published";
  const service = await withFreeSlug(name, (slug) =>
    prisma.service.create({
      data: {
        slug,
        name,
        description,
        // The schema lets only finite prices of at most two decimals through.
        priceCents: dollarsToCents(price)!,
        photo,
        category,
        status,
        createdById: userId,
      },
    }),
  );
  return ok({ service: toServiceJson(service) });
}
