import { Form, Link, useNavigation } from "@remix-run/react";
import { Timestamp } from "~/components/staff-kit";
import { StarRating } from "~/components/star-rating";
import { HOLD_REASON_LABELS } from "~/models/reviews/status";
import type { ModeratedReview } from "~/models/reviews/moderation.server";

type Intent = "publish" | "reject" | "hide" | "restore";

const BUTTON_LABEL: Record<Intent, string> = {
  publish: "Publish",
  reject: "Reject",
  hide: "Hide",
  restore: "Restore",
};

/** What a moderator may do with a review as it stands (docs/decisions/040-reviews-held-for-moderation.md). */
function intentsFor(review: ModeratedReview): Intent[] {
  if (review.status === "awaiting_review") return ["publish", "reject"];
  if (review.status === "rejected") return ["publish"];
  return [review.hidden ? "restore" : "hide"];
}

function StandingLine({ review }: { review: ModeratedReview }) {
  if (review.status === "awaiting_review") {
    return (
      <p className="text-sm font-semibold text-amber-900" data-testid="review-held-for">
        Waiting for moderation:{" "}
        {review.heldFor.map((reason) => HOLD_REASON_LABELS[reason]).join(", ") || "held"}
      </p>
    );
  }
  if (review.status === "rejected") {
    return <p className="text-sm font-semibold text-red-800">Rejected: not on the site</p>;
  }
  if (!review.hidden) return null;
  return (
    <p className="text-sm font-semibold text-amber-900">
      Hidden{review.hiddenBy ? ` by ${review.hiddenBy}` : ""}
      {review.hiddenAt ? (
        <>
          {" "}
          on <Timestamp iso={review.hiddenAt} />
        </>
      ) : null}
    </p>
  );
}

/** One review on the moderation screen, with the buttons its state allows (plain forms). */
export function ModeratedReviewRow({ review }: { review: ModeratedReview }) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("reviewId") === review.id;
  const marked = review.status !== "published" || review.hidden;
  return (
    <li
      className={`rounded-lg border p-4 ${
        marked ? "border-amber-300 bg-amber-50" : "border-slate-200 bg-white"
      }`}
      data-testid="moderated-review"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <p className="font-semibold break-words text-slate-900">
            {review.name}{" "}
            <span className="font-normal text-slate-700">
              on{" "}
              <Link to={`/product/${review.service.slug}`} className="text-brand-700 underline">
                {review.service.name}
              </Link>
            </span>
            {review.verified ? (
              <span className="ml-2 rounded bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">
                Verified patient
              </span>
            ) : null}
          </p>
          <StarRating rating={review.rating} size={14} />
          <p className="break-words whitespace-pre-line text-slate-800">{review.message}</p>
          <p className="text-sm break-words text-slate-700">
            <Timestamp iso={review.createdAt} />
            {review.authorEmail ? ` · ${review.authorEmail}` : ""}
          </p>
          <StandingLine review={review} />
        </div>
        <div className="flex shrink-0 gap-2">
          {intentsFor(review).map((intent, index) => (
            <Form method="post" key={intent}>
              <input type="hidden" name="intent" value={intent} />
              <input type="hidden" name="reviewId" value={review.id} />
              <button
                type="submit"
                className={index === 0 && intent !== "restore" ? "btn-primary" : "btn-secondary"}
                aria-label={`${BUTTON_LABEL[intent]} the review by ${review.name}`}
                disabled={busy}
              >
                {busy ? "Saving..." : BUTTON_LABEL[intent]}
              </button>
            </Form>
          ))}
        </div>
      </div>
    </li>
  );
}
