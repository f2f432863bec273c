import { Form, Link } from "@remix-run/react";
import { SERVICE_CATEGORIES } from "~/data/service-categories";
import { PRICE_RANGES, type CatalogFilter } from "~/data/catalog-filter";

/** "2 filters on" for the folded panel's summary, or nothing. */
function activeCount(filter: CatalogFilter) {
  const count = filter.checked.length + (filter.radio ? 1 : 0);
  return count === 0 ? "" : `${count} ${count === 1 ? "filter" : "filters"} on`;
}

/**
 * The All Services filters as a GET form, so a filtered list is a URL and works without
 * JavaScript: categories as `checked` checkboxes, a price range as one `radio`. On a phone
 * they fold into a <details> (closed, so the list comes first); from lg up they are shown
 * (styles: .filters-fold).
 */
export function ServiceFilters({ filter, action }: { filter: CatalogFilter; action: string }) {
  const selectedRange = filter.radio ? `${filter.radio[0]}-${filter.radio[1]}` : "";
  const active = activeCount(filter);
  return (
    // Re-mount on every new filter: the boxes show what the URL says (after Reset too), and
    // on a phone the panel folds away again so the new list is in view.
    <details
      key={`${filter.checked.join(",")}|${selectedRange}`}
      className="filters-fold group rounded-lg border border-slate-200 bg-slate-50"
    >
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 rounded-lg px-4 py-3 text-sm font-semibold text-slate-900">
        <span>
          Filters
          {active ? <span className="ml-2 font-normal text-slate-700">({active})</span> : null}
        </span>
        <span aria-hidden="true" className="transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <Form
        method="get"
        action={action}
        preventScrollReset
        className="space-y-6 p-4"
        aria-label="Filter services"
      >
        <fieldset>
          <legend className="text-sm font-bold text-slate-900">Categories</legend>
          <div className="mt-2 space-y-2">
            {SERVICE_CATEGORIES.map((category) => (
              <label key={category} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  name="checked"
                  value={category}
                  defaultChecked={filter.checked.includes(category)}
                  className="h-4 w-4 accent-brand-700"
                />
                {category}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="text-sm font-bold text-slate-900">Price</legend>
          <div className="mt-2 space-y-2">
            <label className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name="radio"
                value=""
                defaultChecked={selectedRange === ""}
                className="h-4 w-4 accent-brand-700"
              />
              Any price
            </label>
            {PRICE_RANGES.map((range) => (
              <label key={range.value} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name="radio"
                  value={range.value}
                  defaultChecked={selectedRange === range.value}
                  className="h-4 w-4 accent-brand-700"
                />
                {range.label}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex items-center gap-3">
          <button type="submit" className="btn-primary">
            Apply filters
          </button>
          <Link to={action} preventScrollReset className="btn-secondary">
            Reset
          </Link>
        </div>
      </Form>
    </details>
  );
}
