import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { prisma } from "~/utils/db.server";
import { cardDescription, formatPrice, truncate } from "~/utils/format";

export async function loader() {
  const products = await prisma.product.findMany({
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 6,
  });
  return { products };
}

export const meta: MetaFunction = () => [
  { title: "Dental Clinic | High-quality dental care" },
  { name: "description", content: "Gentle, modern dentistry. Browse services and book online." },
];

export default function Home() {
  const { products } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl px-4">
      <section className="py-16 text-center">
        <h1 className="text-4xl font-bold text-slate-900">Welcome to our Dental Clinic</h1>
        <p className="mt-4 text-lg text-slate-700">
          High-quality dental care for the whole family.
        </p>
        <div className="mt-8 flex justify-center gap-4">
          <Link to="/login" className="btn-primary">
            Login
          </Link>
          <Link to="/register" className="btn-secondary">
            Sign-up
          </Link>
        </div>
      </section>
      <section aria-labelledby="services-heading">
        <h2 id="services-heading" className="text-2xl font-bold text-slate-900">
          All Services
        </h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {products.map((product) => (
            <li key={product.id} className="rounded-lg border border-slate-200 p-4">
              <img src={product.photo} alt={product.name} width={640} height={480} />
              <h3 className="mt-2 font-semibold">{truncate(product.name, 25)}</h3>
              <p className="text-sm text-slate-700">{cardDescription(product.description)}</p>
              <p className="mt-2 font-bold">{formatPrice(product.priceCents)}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
