const STAR_PATH = "M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z";

/** A rating shown as that many stars (spec: "rating as that many stars"), named for screen readers. */
export function StarRating({ rating, size = 18 }: { rating: number; size?: number }) {
  const stars = Math.max(0, Math.min(5, Math.round(rating)));
  return (
    <span
      role="img"
      aria-label={`${stars} out of 5 stars`}
      className="inline-flex items-center gap-0.5"
      data-testid="star-rating"
      data-rating={stars}
    >
      {Array.from({ length: stars }, (_, index) => (
        <svg
          key={index}
          viewBox="0 0 20 20"
          width={size}
          height={size}
          aria-hidden="true"
          focusable="false"
          className="fill-amber-500"
        >
          <path d={STAR_PATH} />
        </svg>
      ))}
    </span>
  );
}
