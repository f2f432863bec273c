import { Link } from "@remix-run/react";
import { useEffect, useState, type KeyboardEvent } from "react";
import { showAppToast } from "./toaster";
import type { ReviewJson } from "~/models/reviews/reviews.server";
import { useHydrated } from "~/hooks/use-hydrated";
import { StarRating } from "./star-rating";

export const REVIEWS_FAILED_MESSAGE = "Something Went Wrong";

/** Previous from the first goes to the last; next from the last goes to the first. */
export function wrapIndex(index: number, length: number): number {
  return length === 0 ? 0 : ((index % length) + length) % length;
}

/**
 * One review at a time, 250px tall, 500 ms fade, wrapping both ways
 * (docs/spec/product-spec.md §2, §4, §9),
 * following the WAI-ARIA carousel pattern. Before hydration (and without JavaScript) the
 * same 250px box is a scrollable list of every review, so all stay readable and the page
 * does not jump when the script takes over. `reviews` is null when they could not be loaded.
 */
export function ReviewsCarousel({ reviews }: { reviews: ReviewJson[] | null }) {
  const hydrated = useHydrated();
  const [index, setIndex] = useState(0);
  // Fade only between slides the visitor asks for, not while hydration hides the others.
  const [animated, setAnimated] = useState(false);
  const failed = reviews === null;

  useEffect(() => {
    if (failed) showAppToast({ type: "error", message: REVIEWS_FAILED_MESSAGE });
  }, [failed]);

  if (reviews === null) {
    return (
      <p role="alert" className="rounded-md bg-slate-50 p-6 text-center text-slate-700">
        {REVIEWS_FAILED_MESSAGE}: the reviews could not be loaded.
      </p>
    );
  }
  if (reviews.length === 0) {
    return <p className="rounded-md bg-slate-50 p-6 text-center text-slate-700">No reviews yet.</p>;
  }

  const count = reviews.length;
  const current = wrapIndex(index, count);
  const carousel = hydrated && count > 1;
  function step(by: number) {
    setAnimated(true);
    setIndex((value) => wrapIndex(value + by, count));
  }
  const previous = () => step(-1);
  const next = () => step(1);

  // Besides Tab + Enter/Space, the arrow keys step through the reviews from either button.
  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === "ArrowLeft") {
      event.preventDefault();
      previous();
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      next();
    }
  }

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Patient reviews"
      className="mx-auto max-w-3xl"
      data-testid="reviews-carousel"
      data-mode={carousel ? "carousel" : "list"}
    >
      {/* The buttons hold their space before hydration, so nothing moves when they appear. */}
      <div className="flex items-center gap-2 sm:gap-4">
        <button
          type="button"
          onClick={previous}
          className={`btn-secondary h-11 w-11 shrink-0 rounded-full px-0 ${carousel ? "" : "invisible"}`}
          aria-label="Previous review"
          disabled={!carousel}
          onKeyDown={onKeyDown}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <ul
          // Not auto-rotating, so the visible slide is announced politely as it changes.
          aria-live={carousel ? "polite" : undefined}
          // Scrollable without JavaScript: reachable by keyboard so every review can be read.
          tabIndex={carousel ? undefined : 0}
          aria-label={carousel ? undefined : "All reviews"}
          className={`relative h-[250px] flex-1 rounded-lg border border-slate-200 bg-white shadow-sm ${
            carousel ? "overflow-hidden" : "snap-y snap-mandatory overflow-y-auto"
          }`}
        >
          {reviews.map((review, position) => {
            const visible = !carousel || position === current;
            return (
              <li
                key={review._id}
                aria-roledescription="slide"
                aria-label={`${position + 1} of ${count}`}
                aria-hidden={visible ? undefined : true}
                className={
                  carousel
                    ? `absolute inset-0 flex flex-col justify-center gap-3 p-6 ${
                        animated
                          ? "transition-opacity duration-500 ease-in-out motion-reduce:transition-none"
                          : ""
                      } ${visible ? "opacity-100" : "pointer-events-none opacity-0"}`
                    : "flex h-full snap-start flex-col justify-center gap-3 border-b border-slate-100 p-6"
                }
                data-testid="review-slide"
                data-active={carousel ? String(visible) : undefined}
              >
                <StarRating rating={review.rating} />
                <blockquote className="line-clamp-4 text-slate-800">“{review.message}”</blockquote>
                <p className="text-sm font-semibold text-slate-900">
                  {review.name}
                  {review.service ? (
                    <>
                      <span className="font-normal text-slate-700"> about </span>
                      <Link
                        to={`/product/${review.service.slug}#reviews`}
                        tabIndex={visible ? undefined : -1}
                        className="font-normal text-brand-700 underline hover:text-brand-800"
                      >
                        {review.service.name}
                      </Link>
                    </>
                  ) : null}
                </p>
              </li>
            );
          })}
        </ul>
        <button
          type="button"
          onClick={next}
          className={`btn-secondary h-11 w-11 shrink-0 rounded-full px-0 ${carousel ? "" : "invisible"}`}
          aria-label="Next review"
          disabled={!carousel}
          onKeyDown={onKeyDown}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <p className="mt-2 text-center text-sm text-slate-700" data-testid="review-position">
        {carousel
          ? `Review ${current + 1} of ${count}`
          : `${count} ${count === 1 ? "review" : "reviews"}`}
      </p>
    </section>
  );
}
