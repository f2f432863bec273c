import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-pages";
import { FormError } from "~/components/form-error";
import { PageLinks, StaffScreenHeader, Timestamp } from "~/components/staff-kit";
import { StarRating } from "~/components/star-rating";
import {
  listReviewsForModeration,
  moderateReview,
  type ModeratedReview,
  type ModerationFilter,
} from "~/models/review-moderation.server";
import { formRefusal, unexpectedFailure } from "~/utils/form-action.server";
import { requireStaffPage, roleOf } from "~/utils/roles.server";
import { type StaffHandle, staffScreenRoles } from "~/utils/staff-screens";
import { redirectWithToast } from "~/utils/toast.server";

const PATH = "/staff/moderation";
const ROLES = staffScreenRoles(PATH);
export const handle: StaffHandle = { staffRoles: ROLES };

function filterOf(url: URL): ModerationFilter {
  return url.searchParams.get("show") === "hidden" ? "hidden" : "all";
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaffPage(request, ROLES);
  const url = new URL(request.url);
  const filter = filterOf(url);
  const { reviews, next } = await listReviewsForModeration({
    cursor: url.searchParams.get("before"),
    filter,
  });
  const query = (extra: Record<string, string>) => {
    const params = new URLSearchParams(filter === "hidden" ? { show: "hidden" } : {});
    for (const [key, value] of Object.entries(extra)) params.set(key, value);
    const search = params.toString();
    return search ? `${PATH}?${search}` : PATH;
  };
  return {
    reviews,
    filter,
    older: next ? query({ before: next }) : null,
    first: url.searchParams.has("before") ? query({}) : null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireStaffPage(request, ROLES);
  const form = Object.fromEntries(await request.formData());
  const url = new URL(request.url);
  // Back to the same page and filter the form was sent from (this route's own path).
  const back = `${PATH}${url.search}`;
  try {
    const result = await moderateReview(form, { id: user.id, role: roleOf(user) });
    if (!result.ok) return formRefusal(result, {});
    return redirectWithToast(back, {
      type: "success",
      message: result.review.hidden
        ? "The review is hidden from the site."
        : "The review is shown on the site again.",
    });
  } catch (error) {
    return unexpectedFailure("Moderating a review", error, {});
  }
}

export const meta: MetaFunction = () => [
  { title: "Moderation | Clinic | Dental Clinic" },
  { name: "robots", content: "noindex" },
];

function ReviewRow({ review }: { review: ModeratedReview }) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("reviewId") === review.id;
  const intent = review.hidden ? "restore" : "hide";
  return (
    <li
      className={`rounded-lg border p-4 ${
        review.hidden ? "border-amber-300 bg-amber-50" : "border-slate-200 bg-white"
      }`}
      data-testid="moderated-review"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <p className="font-semibold text-slate-900">
            {review.name}{" "}
            <span className="font-normal text-slate-700">
              on{" "}
              <Link to={`/product/${review.service.slug}`} className="text-brand-700 underline">
                {review.service.name}
              </Link>
            </span>
          </p>
          <StarRating rating={review.rating} size={14} />
          <p className="break-words whitespace-pre-line text-slate-800">{review.message}</p>
          <p className="text-sm text-slate-700">
            <Timestamp iso={review.createdAt} />
            {review.authorEmail ? ` · ${review.authorEmail}` : ""}
          </p>
          {review.hidden ? (
            <p className="text-sm font-semibold text-amber-900">
              Hidden{review.hiddenBy ? ` by ${review.hiddenBy}` : ""}
              {review.hiddenAt ? (
                <>
                  {" "}
                  on <Timestamp iso={review.hiddenAt} />
                </>
              ) : null}
            </p>
          ) : null}
        </div>
        <Form method="post" className="shrink-0">
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="reviewId" value={review.id} />
          <button
            type="submit"
            className={review.hidden ? "btn-secondary" : "btn-primary"}
            aria-label={`${review.hidden ? "Restore" : "Hide"} the review by ${review.name}`}
            disabled={busy}
          >
            {busy ? "Saving..." : review.hidden ? "Restore" : "Hide"}
          </button>
        </Form>
      </div>
    </li>
  );
}

export default function Moderation() {
  const { reviews, filter, older, first } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section>
      <StaffScreenHeader title="Moderation">
        Reviews, newest first. A hidden review disappears from the site and the API at once; it
        stays here and can be restored.
      </StaffScreenHeader>
      <nav aria-label="Which reviews" className="flex gap-2">
        <Link
          to={PATH}
          className={filter === "all" ? "btn-primary" : "btn-secondary"}
          aria-current={filter === "all" ? "page" : undefined}
        >
          All reviews
        </Link>
        <Link
          to={`${PATH}?show=hidden`}
          className={filter === "hidden" ? "btn-primary" : "btn-secondary"}
          aria-current={filter === "hidden" ? "page" : undefined}
        >
          Hidden only
        </Link>
      </nav>
      <FormError message={actionData?.error} />
      {reviews.length > 0 ? (
        <ul className="mt-6 space-y-3" aria-label="Reviews">
          {reviews.map((review) => (
            <ReviewRow key={review.id} review={review} />
          ))}
        </ul>
      ) : (
        <p className="mt-6 text-slate-700">
          {filter === "hidden" ? "No review is hidden." : "No reviews yet."}
        </p>
      )}
      <PageLinks first={first} older={older} />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
