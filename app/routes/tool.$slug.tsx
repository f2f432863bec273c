import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ApiBadge, PricingBadge, ToolTags } from "~/components/blog-card";
import { GeneralErrorBoundary } from "~/components/error-pages";
import { findBlogTool } from "~/data/blog-tools";
import { publicPageHeaders } from "~/http/page-headers.server";

export function loader({ params }: LoaderFunctionArgs) {
  const tool = findBlogTool(params.slug ?? "");
  if (!tool) throw new Response("Not Found", { status: 404 });
  return { tool };
}

// The same for every visitor who is not signed in (app/http/page-headers.server.ts).
export const headers = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [
        { title: `${data.tool.title}: ${data.tool.tagline} | Dental Clinic` },
        { name: "description", content: data.tool.description },
      ]
    : [{ title: "Tool not found | Dental Clinic" }];

export default function ToolPage() {
  const { tool } = useLoaderData<typeof loader>();
  return (
    <article className="mx-auto max-w-4xl px-4 py-10">
      <Link to="/blog" className="text-sm font-semibold text-brand-700 underline">
        ← All tools
      </Link>
      <div className="mt-6 grid gap-8 md:grid-cols-2">
        <img
          src={tool.image}
          alt={`${tool.title} illustration`}
          width={640}
          height={480}
          className="aspect-[4/3] w-full rounded-xl border border-slate-200 object-cover"
        />
        <div className="flex flex-col gap-4">
          <h1 className="text-3xl font-bold text-slate-900">{tool.title}</h1>
          <p className="text-lg font-medium text-slate-800">{tool.tagline}</p>
          <div className="flex flex-wrap gap-2">
            <PricingBadge pricing={tool.pricing} />
            <ApiBadge api={tool.api} />
          </div>
          <p className="text-slate-800">{tool.description}</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="font-semibold text-slate-900">Pricing</dt>
            <dd className="text-slate-800">{tool.pricing}</dd>
            <dt className="font-semibold text-slate-900">API</dt>
            <dd className="text-slate-800">{tool.api ? "Yes" : "No"}</dd>
          </dl>
          <ToolTags tags={tool.tags} />
        </div>
      </div>
    </article>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
