import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-pages";
import { FormError } from "~/components/form-error";
import { PageLinks, StaffScreenHeader, Timestamp } from "~/components/staff-kit";
import { ModeratedReviewRow } from "~/components/staff/review-moderation";
import {
  listReviewsAwaitingModeration,
  listReviewsForModeration,
  MODERATION_FILTERS,
  moderateReview,
  type ModerationFilter,
} from "~/models/reviews/moderation.server";
import {
  listServicesAwaitingReview,
  reviewService,
  type AwaitingService,
} from "~/models/services/moderation.server";
import { formAction, formPageHeaders } from "~/http/form-action.server";
import type { StaffHandle } from "~/models/permissions";
import { requireStaffPage } from "~/http/roles.server";
import { formatPrice } from "~/utils/format";
import { redirectWithToast } from "~/http/toast.server";
import { REJECTION_REASON_MAX } from "~/validation/service";

const PATH = "/staff/moderation";
export const handle: StaffHandle = { permission: "moderation.manage" };

function filterOf(url: URL): ModerationFilter {
  const show = url.searchParams.get("show");
  return (MODERATION_FILTERS as readonly (string | null)[]).includes(show)
    ? (show as ModerationFilter)
    : "all";
}

const FILTER_LINKS: Array<{ filter: ModerationFilter; label: string; empty: string }> = [
  { filter: "all", label: "All reviews", empty: "No reviews yet." },
  { filter: "hidden", label: "Hidden only", empty: "No review is hidden." },
  { filter: "rejected", label: "Rejected only", empty: "No review has been rejected." },
];

const REVIEW_DONE: Record<string, string> = {
  publish: "The review is now on the site.",
  reject: "The review will not be published.",
  hide: "The review is hidden from the site.",
  restore: "The review is shown on the site again.",
};

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaffPage(request, handle.permission);
  const url = new URL(request.url);
  const filter = filterOf(url);
  const [{ reviews, next }, awaiting, waitingReviews] = await Promise.all([
    listReviewsForModeration({ cursor: url.searchParams.get("before"), filter }),
    listServicesAwaitingReview(),
    listReviewsAwaitingModeration(),
  ]);
  const query = (extra: Record<string, string>) => {
    const params = new URLSearchParams(filter === "all" ? {} : { show: filter });
    for (const [key, value] of Object.entries(extra)) params.set(key, value);
    const search = params.toString();
    return search ? `${PATH}?${search}` : PATH;
  };
  return {
    awaiting,
    waitingReviews,
    reviews,
    filter,
    older: next ? query({ before: next }) : null,
    first: url.searchParams.has("before") ? query({}) : null,
  };
}

export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
    access: handle.permission,
    keep: ["serviceId", "reason"],
    task: "Moderating a review or a service",
    handler: async ({ request, form, actor }) => {
      // Back to the same page and filter the form was sent from (this route's own path).
      const back = `${PATH}${new URL(request.url).search}`;
      if (form.intent === "approve-service" || form.intent === "reject-service") {
        const result = await reviewService(form, actor);
        if (!result.ok) return result;
        return redirectWithToast(back, {
          type: "success",
          message:
            result.service.status === "published"
              ? `${result.service.name} is now on the site.`
              : `${result.service.name} will not be published; its author can see why.`,
        });
      }
      const result = await moderateReview(form, actor);
      if (!result.ok) return result;
      return redirectWithToast(back, {
        type: "success",
        message: REVIEW_DONE[String(form.intent)] ?? "The review is saved.",
      });
    },
  });

export const headers = formPageHeaders;

export const meta: MetaFunction = () => [
  { title: "Moderation | Clinic | Dental Clinic" },
  { name: "robots", content: "noindex" },
];

function AwaitingServiceRow({
  service,
  rejecting,
}: {
  service: AwaitingService;
  rejecting: { reason: string } | null;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("serviceId") === service.id;
  const reasonId = `reason-${service.id}`;
  return (
    <li
      className="rounded-lg border border-amber-300 bg-amber-50 p-4"
      data-testid="awaiting-service"
    >
      <div className="min-w-0 space-y-1">
        <p className="font-semibold text-slate-900">
          <Link to={`/product/${service.slug}`} className="text-brand-700 underline">
            {service.name}
          </Link>{" "}
          <span className="font-normal text-slate-700">
            {service.category} · {formatPrice(Math.round(service.price * 100))}
          </span>
        </p>
        <p className="break-words whitespace-pre-line text-slate-800">{service.description}</p>
        <p className="text-sm text-slate-700">
          Added <Timestamp iso={service.createdAt} />
          {service.authorName ? ` by ${service.authorName}` : ""}
          {service.authorEmail ? ` (${service.authorEmail})` : ""}
        </p>
      </div>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
        <Form method="post">
          <input type="hidden" name="intent" value="approve-service" />
          <input type="hidden" name="serviceId" value={service.id} />
          <button
            type="submit"
            className="btn-primary"
            aria-label={`Approve ${service.name}`}
            disabled={busy}
          >
            Approve
          </button>
        </Form>
        <Form method="post" className="flex flex-1 flex-col gap-2 sm:flex-row sm:items-end">
          <input type="hidden" name="intent" value="reject-service" />
          <input type="hidden" name="serviceId" value={service.id} />
          <div className="flex-1">
            <label htmlFor={reasonId} className="field-label">
              Reason for not publishing {service.name}
            </label>
            <input
              id={reasonId}
              name="reason"
              className="field-input"
              maxLength={REJECTION_REASON_MAX}
              defaultValue={rejecting?.reason ?? ""}
            />
          </div>
          <button
            type="submit"
            className="btn-secondary"
            aria-label={`Reject ${service.name}`}
            disabled={busy}
          >
            Reject
          </button>
        </Form>
      </div>
    </li>
  );
}

export default function Moderation() {
  const { awaiting, waitingReviews, reviews, filter, older, first } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const sentFor = actionData?.values.serviceId;
  return (
    <section>
      <StaffScreenHeader title="Moderation">
        Services patients added, and reviews from patients without a completed visit of the service
        or with a link or a phone number, wait here until you publish them. A hidden review
        disappears from the site and the API at once; it stays here and can be restored.
      </StaffScreenHeader>
      <FormError message={actionData?.error} />
      <section aria-labelledby="awaiting-heading" className="mb-10">
        <h2 id="awaiting-heading" className="text-xl font-semibold text-slate-900">
          Services awaiting review{awaiting.total > 0 ? ` (${awaiting.total})` : ""}
        </h2>
        {awaiting.services.length > 0 ? (
          <ul className="mt-4 space-y-3" aria-label="Services awaiting review">
            {awaiting.services.map((service) => (
              <AwaitingServiceRow
                key={service.id}
                service={service}
                rejecting={
                  sentFor === service.id ? { reason: actionData?.values.reason ?? "" } : null
                }
              />
            ))}
          </ul>
        ) : (
          <p className="mt-4 text-slate-700">No service is waiting for review.</p>
        )}
        {awaiting.total > awaiting.services.length ? (
          <p className="mt-3 text-sm text-slate-700">
            The {awaiting.services.length} that have waited longest are shown; the others follow as
            these are decided.
          </p>
        ) : null}
      </section>
      <section aria-labelledby="waiting-reviews-heading" className="mb-10">
        <h2 id="waiting-reviews-heading" className="text-xl font-semibold text-slate-900">
          Reviews awaiting moderation{waitingReviews.total > 0 ? ` (${waitingReviews.total})` : ""}
        </h2>
        {waitingReviews.reviews.length > 0 ? (
          <ul className="mt-4 space-y-3" aria-label="Reviews awaiting moderation">
            {waitingReviews.reviews.map((review) => (
              <ModeratedReviewRow key={review.id} review={review} />
            ))}
          </ul>
        ) : (
          <p className="mt-4 text-slate-700">No review is waiting for moderation.</p>
        )}
        {waitingReviews.total > waitingReviews.reviews.length ? (
          <p className="mt-3 text-sm text-slate-700">
            The {waitingReviews.reviews.length} that have waited longest are shown; the others
            follow as these are decided.
          </p>
        ) : null}
      </section>
      <h2 className="mb-4 text-xl font-semibold text-slate-900">Reviews</h2>
      <nav aria-label="Which reviews" className="flex flex-wrap gap-2">
        {FILTER_LINKS.map((link) => (
          <Link
            key={link.filter}
            to={link.filter === "all" ? PATH : `${PATH}?show=${link.filter}`}
            className={filter === link.filter ? "btn-primary" : "btn-secondary"}
            aria-current={filter === link.filter ? "page" : undefined}
          >
            {link.label}
          </Link>
        ))}
      </nav>
      {reviews.length > 0 ? (
        <ul className="mt-6 space-y-3" aria-label="Reviews">
          {reviews.map((review) => (
            <ModeratedReviewRow key={review.id} review={review} />
          ))}
        </ul>
      ) : (
        <p className="mt-6 text-slate-700">
          {FILTER_LINKS.find((link) => link.filter === filter)?.empty}
        </p>
      )}
      <PageLinks first={first} older={older} />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
