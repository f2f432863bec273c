import { useEffect, useRef, useState, type MouseEvent } from "react";
import type { ServiceJson } from "~/models/services/catalog.server";
import { filterToQuery, PAGE_SIZE, type CatalogFilter } from "~/data/catalog-filter";
import { ServiceCard } from "./service-card";

type Props = {
  /** Pages `firstPage`..`pages` as the server rendered them. */
  services: ServiceJson[];
  pages: number;
  /** 1, or the page shown alone when `?page=N` asks past the pages one render holds. */
  firstPage?: number;
  /** How many services match in all (one count on the server). */
  total: number;
  filter: CatalogFilter;
  /** The page the list sits on, for the no-JavaScript "load more" link. */
  basePath: string;
  /** How many leading cards load their photo eagerly (those above the fold). */
  eagerCount?: number;
};

/**
 * The services grid with LoadMore. Without JavaScript LoadMore is a link to `?page=N+1`,
 * which renders pages 1..N+1. With JavaScript it fetches the next page from
 * `/api/product-list/{page}` and appends it in place. A plain fetch rather than a Remix
 * fetcher: a failed load must only be logged (docs/spec/product-spec.md §8), never reach an
 * error boundary. A page shown alone (past MAX_LISTED_PAGES) links back to the one before
 * it and to the start.
 */
export function ServicesList({
  services,
  pages,
  firstPage = 1,
  total,
  filter,
  basePath,
  eagerCount = 0,
}: Props) {
  const [loadedPages, setLoadedPages] = useState<ServiceJson[][]>([]);
  const [loading, setLoading] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const focusPosition = useRef<number | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  // Keyboard users continue at the first card that was just added.
  useEffect(() => {
    if (focusPosition.current === null) return;
    document.querySelector<HTMLElement>(`#service-${focusPosition.current} a`)?.focus();
    focusPosition.current = null;
  }, [loadedPages]);

  const seen = new Set<string>();
  const shown = [...services, ...loadedPages.flat()].filter((service) => {
    // A service added between two loads shifts the pages; never show one twice.
    if (seen.has(service._id)) return false;
    seen.add(service._id);
    return true;
  });
  const nextPage = pages + loadedPages.length + 1;
  // Services before the first one shown (when a page is shown alone).
  const offset = (firstPage - 1) * PAGE_SIZE;
  const exhausted = loadedPages.length > 0 && loadedPages[loadedPages.length - 1]!.length === 0;
  const hasMore = offset + shown.length < total && !exhausted;
  const query = filterToQuery(filter);

  async function loadMore(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    if (loading) return;
    setLoading(true);
    abort.current = new AbortController();
    try {
      const response = await fetch(`/api/product-list/${nextPage}${query ? `?${query}` : ""}`, {
        headers: { accept: "application/json" },
        signal: abort.current.signal,
      });
      if (!response.ok) throw new Error(`GET /api/product-list/${nextPage}: ${response.status}`);
      const body = (await response.json()) as { products: ServiceJson[] };
      focusPosition.current = body.products.length > 0 ? offset + shown.length + 1 : null;
      setLoadedPages((previous) => [...previous, body.products]);
    } catch (error) {
      if (!abort.current.signal.aborted) console.error("Loading more services failed", error);
    } finally {
      setLoading(false);
    }
  }

  if (total === 0) {
    return (
      <p className="mt-6 rounded-md bg-slate-50 p-6 text-center text-slate-700" role="status">
        No services match these filters.
      </p>
    );
  }

  const moreQuery = filterToQuery(filter, { page: String(nextPage) });
  return (
    <div>
      <ul
        className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
        aria-busy={loading}
        data-testid="services-list"
      >
        {shown.map((service, index) => (
          <ServiceCard
            key={service._id}
            service={service}
            position={offset + index + 1}
            eager={index < eagerCount}
          />
        ))}
      </ul>
      <div className="mt-8 flex flex-col items-center gap-3">
        <p className="text-sm text-slate-700" aria-live="polite" data-testid="services-shown">
          {offset > 0
            ? `Showing services ${offset + 1} to ${offset + shown.length} of ${total}`
            : `Showing ${shown.length} of ${total} services`}
        </p>
        {firstPage > 1 ? (
          <nav
            aria-label="Earlier services"
            className="flex flex-wrap justify-center gap-4 text-sm"
          >
            <a
              href={`${basePath}?${filterToQuery(filter, { page: String(firstPage - 1) })}#services`}
              className="font-semibold text-brand-700 underline"
              data-testid="previous-services"
            >
              Previous services
            </a>
            <a
              href={`${basePath}${filterToQuery(filter) ? `?${filterToQuery(filter)}` : ""}#services`}
              className="font-semibold text-brand-700 underline"
            >
              Back to the first services
            </a>
          </nav>
        ) : null}
        {hasMore ? (
          <a
            href={`${basePath}?${moreQuery}#service-${offset + shown.length + 1}`}
            onClick={loadMore}
            className="btn-primary min-w-36"
            aria-disabled={loading || undefined}
            data-testid="load-more"
          >
            {loading ? "Loading.." : "Load More"}
          </a>
        ) : null}
      </div>
    </div>
  );
}
