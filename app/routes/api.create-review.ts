import type { ActionFunctionArgs } from "@remix-run/node";
import { createReview, REVIEW_CREATED } from "~/models/review.server";
import { apiError, apiJson, readBody, requireApiUser, requireMethod } from "~/utils/api.server";

export function loader() {
  return apiError(405, "Method not allowed: use POST");
}

/** `POST /api/create-review` {service, name, message, rating ('1'..'5' or 1..5)}. */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const user = await requireApiUser(request);
  const result = await createReview(await readBody(request), user.id);
  if (!result.ok) return apiError(result.status, result.message);
  return apiJson({ success: true, message: REVIEW_CREATED, review: result.review }, 201);
}
