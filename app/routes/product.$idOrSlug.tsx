import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-pages";
import { StarRating } from "~/components/star-rating";
import { ServiceStandingNotice } from "~/components/service-standing";
import { getServiceByIdOrSlug } from "~/models/services/catalog.server";
import { getUser } from "~/http/auth.server";
import { getServiceReviews, ownUnpublishedReviews } from "~/models/reviews/reviews.server";
import { OwnReviews } from "~/components/own-reviews";
import { getClinicClock } from "~/models/settings/clinic-settings.server";
import { serviceVisit } from "~/models/team/dentists.server";
import { formatDuration, formatInstantDay } from "~/utils/clinic-format";
import { getEnv } from "~/infra/env.server";
import { dollarsToCents, formatPrice, truncate } from "~/utils/format";
import { publicPageHeaders } from "~/http/page-headers.server";

export async function loader({ params, request }: LoaderFunctionArgs) {
  const key = params.idOrSlug ?? "";
  // Visitors need no session look-up: only a signed-in viewer may see a service the public
  // may not, and their own reviews that wait for moderation (ADR 040).
  const viewer = request.headers.has("cookie") ? await getUser(request) : null;
  let result = await getServiceByIdOrSlug(key);
  if (!result.ok && viewer) result = await getServiceByIdOrSlug(key, viewer);
  if (!result.ok) throw new Response("Not Found", { status: 404 });
  const [reviews, ownReviews, visit, clock] = await Promise.all([
    getServiceReviews(result.service._id, new URL(request.url).searchParams.get("reviews")),
    viewer ? ownUnpublishedReviews(viewer.id, result.service._id) : [],
    serviceVisit(result.service._id),
    getClinicClock(),
  ]);
  // The card links by id and More Details by slug: one canonical address for both.
  const canonical = new URL(`/product/${result.service.slug}`, getEnv().APP_URL).href;
  return {
    service: result.service,
    standing: result.standing,
    reviews,
    ownReviews,
    canonical,
    visit,
    clock,
  };
}

// The same for every visitor who is not signed in (app/http/page-headers.server.ts).
export const headers = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "Service not found | Dental Clinic" }];
  return [
    { title: `${data.service.name} | Dental Clinic` },
    ...(data.standing.listed ? [] : [{ name: "robots", content: "noindex" }]),
    { name: "description", content: truncate(data.service.description, 155) },
    { tagName: "link", rel: "canonical", href: data.canonical },
  ];
};

export default function ServiceDetail() {
  const { service, standing, reviews, ownReviews, visit, clock } = useLoaderData<typeof loader>();
  return (
    <article className="mx-auto max-w-6xl px-4 py-10">
      {standing.listed ? null : <ServiceStandingNotice standing={standing} />}
      <div className="grid gap-8 md:grid-cols-2">
        <img
          src={service.photo}
          alt={service.name}
          width={640}
          height={480}
          className="aspect-[4/3] w-full rounded-xl border border-slate-200 object-cover"
        />
        <div className="flex flex-col gap-4">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
            {service.category}
          </p>
          <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{service.name}</h1>
          {reviews.average !== null ? (
            <p className="flex items-center gap-2 text-slate-800" data-testid="average-rating">
              <StarRating rating={reviews.average} />
              <span>
                {reviews.average.toFixed(1)} out of 5 from {reviews.count}{" "}
                {reviews.count === 1 ? "review" : "reviews"}
              </span>
            </p>
          ) : null}
          <p className="text-slate-800">{service.description}</p>
          <p className="text-2xl font-bold text-slate-900" data-testid="service-price">
            {formatPrice(dollarsToCents(service.price) ?? 0)}
            <span className="ml-1 text-sm font-normal text-slate-700">USD</span>
          </p>
          <p className="text-slate-800" data-testid="service-duration">
            Duration: {formatDuration(visit.durationMinutes)}
          </p>
          {visit.dentists.length > 0 ? (
            <p className="text-slate-800" data-testid="performed-by">
              Performed by:{" "}
              {visit.dentists.map((dentist, index) => (
                <span key={dentist.slug}>
                  {index > 0 ? ", " : ""}
                  <Link to={`/team#${dentist.slug}`} className="text-brand-700 underline">
                    {dentist.name}
                  </Link>
                </span>
              ))}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-3">
            {standing.listed ? (
              <Link
                to={`/make-appointment?service=${encodeURIComponent(service._id)}`}
                className="btn-primary"
              >
                Make Appointment
              </Link>
            ) : null}
            <Link to="/all-service" className="btn-secondary">
              All services
            </Link>
          </div>
        </div>
      </div>

      <section id="reviews" aria-labelledby="reviews-heading" className="mt-12">
        <h2 id="reviews-heading" className="text-2xl font-bold text-slate-900">
          Reviews
        </h2>
        <OwnReviews reviews={ownReviews} clock={clock} />
        {reviews.count === 0 ? (
          <p className="mt-4 text-slate-700">No reviews yet for this service.</p>
        ) : (
          <ul className="mt-4 space-y-4">
            {reviews.reviews.map((review) => (
              <li
                key={review._id}
                className="rounded-lg border border-slate-200 p-4"
                data-testid="service-review"
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-semibold text-slate-900">
                    {review.name}
                    {review.verified ? (
                      <span
                        className="ml-2 rounded bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900"
                        data-testid="verified-patient"
                      >
                        Verified patient
                      </span>
                    ) : null}
                  </p>
                  <StarRating rating={review.rating} />
                </div>
                <p className="mt-2 whitespace-pre-line text-slate-800">{review.message}</p>
                <p className="mt-2 text-xs text-slate-700">
                  <time dateTime={review.createdAt}>
                    {formatInstantDay(review.createdAt, clock)}
                  </time>
                </p>
              </li>
            ))}
          </ul>
        )}
        {reviews.older ? (
          <Link
            to={`?${new URLSearchParams({ reviews: reviews.older })}#reviews`}
            className="mt-4 inline-block text-brand-700 underline hover:text-brand-800"
            data-testid="older-reviews"
          >
            Older reviews
          </Link>
        ) : null}
        {standing.listed ? (
          <Link
            to={`/add-review?service=${encodeURIComponent(service._id)}`}
            className="btn-secondary mt-6"
          >
            Write a review
          </Link>
        ) : null}
      </section>
    </article>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
