import { Link } from "@remix-run/react";
import type { ProductJson } from "~/models/product.server";
import { cardDescription, dollarsToCents, formatPrice, truncate } from "~/utils/format";

/**
 * A service in the list: photo and name link to /product/{id}, More Details to
 * /product/{slug} (decisions.md 2). `eager` for cards likely above the fold.
 */
export function ServiceCard({
  product,
  position,
  eager = false,
}: {
  product: ProductJson;
  position: number;
  eager?: boolean;
}) {
  return (
    <li
      id={`service-${position}`}
      className="flex scroll-mt-24 flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
      data-testid="service-card"
    >
      <Link to={`/product/${product._id}`} className="group block" data-testid="service-card-link">
        <img
          src={product.photo}
          alt=""
          width={640}
          height={480}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className="aspect-[4/3] w-full object-cover"
        />
        <h3 className="px-4 pt-4 text-lg font-semibold text-slate-900 group-hover:text-brand-700 group-hover:underline">
          {truncate(product.name, 25)}
        </h3>
      </Link>
      <p className="px-4 pt-2 text-sm text-slate-700">{cardDescription(product.description)}</p>
      <div className="mt-auto flex items-center justify-between gap-3 px-4 pt-3 pb-4">
        <p className="text-lg font-bold text-slate-900" data-testid="service-price">
          {formatPrice(dollarsToCents(product.price) ?? 0)}
        </p>
        <Link to={`/product/${product.slug}`} className="btn-secondary">
          More Details<span className="sr-only"> about {product.name}</span>
        </Link>
      </div>
    </li>
  );
}
