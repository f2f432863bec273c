import { Link } from "@remix-run/react";
import type { BlogTool } from "~/data/blog-tools";

export function PricingBadge({ pricing }: { pricing: BlogTool["pricing"] }) {
  return (
    <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800">
      {pricing}
    </span>
  );
}

export function ApiBadge({ api }: { api: boolean }) {
  return (
    <span
      className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        api ? "bg-emerald-50 text-emerald-800" : "bg-slate-100 text-slate-700"
      }`}
    >
      {api ? "API available" : "No API"}
    </span>
  );
}

export function ToolTags({ tags }: { tags: string[] }) {
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Categories">
      {tags.map((tag) => (
        <li
          key={tag}
          className="rounded-md border border-slate-200 px-2 py-0.5 text-xs text-slate-700"
        >
          {tag}
        </li>
      ))}
    </ul>
  );
}

/** A Blogs card: the whole card links to the tool's page, /tool/{slug}. */
export function BlogCard({ tool, eager = false }: { tool: BlogTool; eager?: boolean }) {
  return (
    <li
      className="relative flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm focus-within:ring-2 focus-within:ring-brand-600"
      data-testid="blog-card"
    >
      <img
        src={tool.image}
        alt=""
        width={640}
        height={480}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        className="aspect-[4/3] w-full object-cover"
      />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap gap-2">
          <PricingBadge pricing={tool.pricing} />
          <ApiBadge api={tool.api} />
        </div>
        <h2 className="text-lg font-semibold text-slate-900">
          {/* The link's box covers the card, so the whole card is one link target. */}
          <Link
            to={`/tool/${tool.slug}`}
            className="after:absolute after:inset-0 hover:text-brand-700 hover:underline focus:outline-none"
          >
            {tool.title}
          </Link>
        </h2>
        <p className="text-sm font-medium text-slate-800">{tool.tagline}</p>
        <p className="text-sm text-slate-700">{tool.description}</p>
        <div className="mt-auto">
          <ToolTags tags={tool.tags} />
        </div>
      </div>
    </li>
  );
}
