import { Link } from "@remix-run/react";
import type { ServiceJson } from "~/models/services/catalog.server";
import { cardDescription, dollarsToCents, formatPrice, truncate } from "~/utils/format";

/**
 * A service in the list: photo and name link to /product/{id}, More Details to
 * /product/{slug} (docs/spec/decisions.md 2). `eager` for cards likely above the fold.
 */
export function ServiceCard({
  service,
  position,
  eager = false,
}: {
  service: ServiceJson;
  position: number;
  eager?: boolean;
}) {
  return (
    <li
      id={`service-${position}`}
      className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
      data-testid="service-card"
    >
      <Link to={`/product/${service._id}`} className="group block" data-testid="service-card-link">
        <img
          src={service.photo}
          alt=""
          width={640}
          height={480}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className="aspect-[4/3] w-full object-cover"
        />
        <h3 className="px-4 pt-4 text-lg font-semibold text-slate-900 group-hover:text-brand-700 group-hover:underline">
          {truncate(service.name, 25)}
        </h3>
      </Link>
      <p className="px-4 pt-2 text-sm text-slate-700">{cardDescription(service.description)}</p>
      <div className="mt-auto flex items-center justify-between gap-3 px-4 pt-3 pb-4">
        <p className="text-lg font-bold text-slate-900" data-testid="service-price">
          {formatPrice(dollarsToCents(service.price) ?? 0)}
        </p>
        <Link to={`/product/${service.slug}`} className="btn-secondary">
          More Details<span className="sr-only"> about {service.name}</span>
        </Link>
      </div>
    </li>
  );
}
