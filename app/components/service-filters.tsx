import { Form, Link } from "@remix-run/react";
import { SERVICE_CATEGORIES } from "~/data/service-categories";
import { PRICE_RANGES, type CatalogFilter } from "~/data/catalog-filter";

/**
 * The All Services filters as a GET form, so a filtered list is a URL and works without
 * JavaScript: categories as `checked` checkboxes, a price range as one `radio`.
 */
export function ServiceFilters({ filter, action }: { filter: CatalogFilter; action: string }) {
  const selectedRange = filter.radio ? `${filter.radio[0]}-${filter.radio[1]}` : "";
  return (
    // Re-mount on every new filter so the boxes show what the URL says (after Reset too).
    <Form
      method="get"
      action={action}
      preventScrollReset
      key={`${filter.checked.join(",")}|${selectedRange}`}
      className="space-y-6 rounded-lg border border-slate-200 bg-slate-50 p-4"
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
          Submit
        </button>
        <Link to={action} preventScrollReset className="btn-secondary">
          Reset
        </Link>
      </div>
    </Form>
  );
}
