import { StarRating } from "~/components/star-rating";
import type { ReviewJson } from "~/models/reviews/reviews.server";
import { type ClinicClock, formatInstantDay } from "~/utils/clinic-format";

const STANDING: Record<string, { label: string; note: string }> = {
  awaiting_review: {
    label: "Awaiting review",
    note: "Only you can see it here until the clinic has read it.",
  },
  rejected: {
    label: "Not published",
    note: "The clinic has decided not to publish it; only you can see it here.",
  },
};

/**
 * The signed-in author's own reviews of a service that the public does not see: those
 * waiting for moderation and those the clinic rejected
 * (docs/decisions/040-reviews-held-for-moderation.md).
 */
export function OwnReviews({ reviews, clock }: { reviews: ReviewJson[]; clock: ClinicClock }) {
  if (reviews.length === 0) return null;
  return (
    <ul className="mt-4 space-y-4" aria-label="Your reviews not on the site">
      {reviews.map((review) => {
        const standing = STANDING[review.status] ?? STANDING.awaiting_review!;
        return (
          <li
            key={review._id}
            className="rounded-lg border border-amber-300 bg-amber-50 p-4"
            data-testid="own-review"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-semibold break-words text-slate-900">
                Your review{" "}
                <span className="ml-1 rounded bg-amber-200 px-2 py-0.5 text-xs font-semibold text-amber-950">
                  {standing.label}
                </span>
              </p>
              <StarRating rating={review.rating} />
            </div>
            <p className="mt-2 break-words whitespace-pre-line text-slate-800">{review.message}</p>
            <p className="mt-2 text-xs text-slate-700">
              <time dateTime={review.createdAt}>{formatInstantDay(review.createdAt, clock)}</time>
              {" · "}
              {standing.note}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
