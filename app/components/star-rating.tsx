// One star, every step relative to its top point, so the same text draws it anywhere.
const STAR_OUTLINE = "l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z";
const STAR_WIDTH = 20;
const STAR_STEP = 22;

/**
 * A rating shown as that many stars (spec: "rating as that many stars"), named for screen
 * readers. The stars are one path in one SVG: a list page shows dozens of ratings, and an
 * element per star was a fifth of the home page's markup.
 */
export function StarRating({ rating, size = 18 }: { rating: number; size?: number }) {
  const stars = Math.max(0, Math.min(5, Math.round(rating)));
  const width = Math.max(0, stars * STAR_STEP - (STAR_STEP - STAR_WIDTH));
  const outline = Array.from(
    { length: stars },
    (_, index) => `M${STAR_WIDTH / 2 + index * STAR_STEP} 1.5${STAR_OUTLINE}`,
  ).join("");
  return (
    <span
      role="img"
      aria-label={`${stars} out of 5 stars`}
      className="inline-flex items-center"
      data-testid="star-rating"
      data-rating={stars}
    >
      {stars > 0 ? (
        <svg
          viewBox={`0 0 ${width} 20`}
          width={(size * width) / STAR_WIDTH}
          height={size}
          aria-hidden="true"
          focusable="false"
          className="fill-amber-500"
        >
          <path d={outline} />
        </svg>
      ) : null}
    </span>
  );
}
