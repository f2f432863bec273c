import { createReview, REVIEW_CREATED } from "~/models/reviews/reviews.server";
import { apiJson, apiRoute } from "~/http/api.server";

/** `POST /api/create-review` {service, name, message, rating ('1'..'5' or 1..5)}. */
export const { loader, action } = apiRoute({
  method: "POST",
  auth: true,
  async handler({ body, user }) {
    const result = await createReview(body, user.id);
    if (!result.ok) return result;
    return apiJson({ success: true, message: REVIEW_CREATED, review: result.review }, 201);
  },
});
