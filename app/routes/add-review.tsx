import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CheckedForm, FormCard, TextField, useCheckedForm } from "~/components/form-kit";
import { SearchableSelect } from "~/components/searchable-select";
import { TextAreaField } from "~/components/text-area-field";
import { VerifyEmailNotice } from "~/components/verify-email-notice";
import { getClinicSettings } from "~/models/settings/clinic-settings.server";
import { unverifiedRefusal } from "~/models/accounts/email-verification.server";
import { createReview, REVIEW_CREATED, REVIEW_HELD_NOTE } from "~/models/reviews/reviews.server";
import { getUser } from "~/http/auth.server";
import { loginKeepingDraft, takeDraft } from "~/http/form-draft.server";
import { formAction, formPageHeaders, serviceOptions } from "~/http/form-action.server";
import { redirectWithToast } from "~/http/toast.server";
import { RATINGS, REVIEW_REQUIRED_FIELDS } from "~/validation/form-fields";

const PATH = "/add-review";

const RATING_OPTIONS = RATINGS.map((rating) => ({
  value: rating,
  label: `${rating} ${rating === "1" ? "star" : "stars"}`,
}));

// Renders for anyone (docs/spec/product-spec.md §6); only sending the review needs a session.
export async function loader({ request }: LoaderFunctionArgs) {
  const [user, services, { draft, headers }, settings] = await Promise.all([
    getUser(request),
    serviceOptions(),
    // What a signed-out visitor wrote before logging in (see the action).
    takeDraft(request, PATH),
    getClinicSettings(),
  ]);
  const requested = new URL(request.url).searchParams.get("service");
  return data(
    {
      userName: user?.name ?? "",
      verifyFirst: user ? (unverifiedRefusal(user)?.message ?? null) : null,
      services,
      selectedService: services.some((service) => service.value === requested) ? requested! : "",
      draft,
      holdsUnverified: settings.reviewApprovalRequired,
    },
    { headers: headers ?? undefined },
  );
}

export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
    access: "anyone",
    keep: "all",
    task: "Adding a review",
    handler: async ({ request, form }) => {
      const user = await getUser(request);
      // Signed out: to /login and back, with the review kept as a draft for the return.
      if (!user) throw await loginKeepingDraft(request, PATH, form, REVIEW_REQUIRED_FIELDS);
      const result = await createReview(form, user.id);
      if (!result.ok) return result;
      const held = result.review.status === "awaiting_review";
      return redirectWithToast("/", {
        type: "success",
        message: REVIEW_CREATED,
        ...(held ? { description: REVIEW_HELD_NOTE } : {}),
      });
    },
  });

export const headers = formPageHeaders;

export const meta: MetaFunction = () => [
  { title: "Add Review | Dental Clinic" },
  { name: "description", content: "Tell other patients how your treatment went." },
];

export default function AddReview() {
  const { userName, verifyFirst, services, selectedService, draft, holdsUnverified } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const values: Record<string, string> = actionData?.values ?? draft ?? {};
  const form = useCheckedForm(
    () => import("~/validation/review").then((m) => m.reviewSchema),
    REVIEW_REQUIRED_FIELDS,
  );

  if (verifyFirst) {
    return <VerifyEmailNotice title="Add Review" message={verifyFirst} />;
  }
  return (
    <FormCard title="Add Review" privacy>
      <p className="mb-4 text-sm text-slate-700" data-testid="review-moderation-note">
        {holdsUnverified
          ? "A review from a patient we have treated for the service appears at once. Others, and any with a link or a phone number, appear once the clinic has read them."
          : "Your review appears at once, unless it has a link or a phone number: then once the clinic has read it."}
      </p>
      <CheckedForm form={form} className="space-y-4">
        <TextField
          name="name"
          need="required"
          label="Name"
          autoComplete="name"
          defaultValue={values.name ?? userName}
        />
        <SearchableSelect
          name="rating"
          need="required"
          label="Rating"
          options={RATING_OPTIONS}
          defaultValue={values.rating ?? ""}
          placeholder="Choose a rating"
        />
        <SearchableSelect
          name="service"
          need="required"
          label="Service"
          options={services}
          defaultValue={values.service ?? selectedService}
          placeholder="Choose a service"
        />
        <TextAreaField
          name="message"
          need="required"
          label="Message"
          defaultValue={values.message ?? ""}
        />
        <button type="submit" className="btn-primary w-full" disabled={form.submitting}>
          {form.submitting ? "Sending..." : "Add Review"}
        </button>
      </CheckedForm>
    </FormCard>
  );
}
