import { REVIEWS_FAILED_MESSAGE } from "~/components/reviews-carousel";
import { listReviews } from "~/models/reviews/reviews.server";
import { apiRoute, publicApiJson } from "~/http/api.server";

/** `GET /api/reviews` -> {success, reviews}: the newest, each with its service. */
export const { loader, action } = apiRoute({
  method: "GET",
  // The spec's toast for a failed reviews call.
  unexpectedMessage: REVIEWS_FAILED_MESSAGE,
  handler: async () => publicApiJson({ success: true, reviews: await listReviews() }),
});
