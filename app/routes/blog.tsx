import type { MetaFunction } from "@remix-run/node";
import { BlogCard } from "~/components/blog-card";
import { BLOG_TOOLS } from "~/data/blog-tools";
import { publicPageHeaders } from "~/http/page-headers.server";

// The same for every visitor who is not signed in (app/http/page-headers.server.ts).
export const headers = publicPageHeaders;

export const meta: MetaFunction = () => [
  { title: "Blogs | Dental Clinic" },
  {
    name: "description",
    content:
      "AI writing tools we have tried for blog posts, social media and support replies: what each one does, its pricing and whether it has an API.",
  },
];

export default function Blogs() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">Blogs</h1>
      <p className="mt-3 max-w-2xl text-slate-700">
        AI writing tools for blogs, social media and customer replies: what each one does, how it is
        priced and whether it offers an API.
      </p>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {BLOG_TOOLS.map((tool, index) => (
          <BlogCard key={tool.slug} tool={tool} eager={index < 3} />
        ))}
      </ul>
    </div>
  );
}
