import { listReviews } from "~/models/review.server";
import { apiError, apiJson } from "~/utils/api.server";

export async function loader() {
  return apiJson({ success: true, reviews: await listReviews() });
}

export function action() {
  return apiError(405, "Method not allowed: use GET");
}
