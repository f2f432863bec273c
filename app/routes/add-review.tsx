import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { FormCard, TextField, useCheckedForm } from "~/components/form-kit";
import { FormError } from "~/components/form-error";
import { SearchableSelect } from "~/components/searchable-select";
import { TextAreaField } from "~/components/text-area-field";
import { VerifyEmailNotice } from "~/components/verify-email-notice";
import { unverifiedRefusal } from "~/models/email-verification.server";
import { createReview, REVIEW_CREATED } from "~/models/review.server";
import { getUser, requireUser } from "~/utils/auth.server";
import { serviceOptions, formRefusal, unexpectedFailure } from "~/utils/form-action.server";
import { redirectWithToast } from "~/utils/toast.server";
import { formToObject } from "~/validation/form";
import { RATINGS, REVIEW_REQUIRED_FIELDS, reviewSchema } from "~/validation/review";

const PATH = "/add-review";

const RATING_OPTIONS = RATINGS.map((rating) => ({
  value: rating,
  label: `${rating} ${rating === "1" ? "star" : "stars"}`,
}));

// Renders for anyone (docs/spec/product-spec.md §6); only sending the review needs a session.
export async function loader({ request }: LoaderFunctionArgs) {
  const [user, services] = await Promise.all([getUser(request), serviceOptions()]);
  const requested = new URL(request.url).searchParams.get("service");
  return {
    userName: user?.name ?? "",
    verifyFirst: user ? (unverifiedRefusal(user)?.message ?? null) : null,
    services,
    selectedService: services.some((service) => service.value === requested) ? requested! : "",
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, { redirectTo: PATH });
  const values = formToObject(await request.formData());
  try {
    const result = await createReview(values, user.id);
    if (!result.ok) return formRefusal(result, values);
  } catch (error) {
    return unexpectedFailure("Adding a review", error, values);
  }
  return redirectWithToast("/", { type: "success", message: REVIEW_CREATED });
}

export const meta: MetaFunction = () => [
  { title: "Add Review | Dental Clinic" },
  { name: "description", content: "Tell other patients how your treatment went." },
];

export default function AddReview() {
  const { userName, verifyFirst, services, selectedService } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const values: Record<string, string> = actionData?.values ?? {};
  const { error, onSubmit, submitting } = useCheckedForm(reviewSchema, REVIEW_REQUIRED_FIELDS);

  if (verifyFirst) {
    return <VerifyEmailNotice title="Add Review" message={verifyFirst} redirectTo={PATH} />;
  }
  return (
    <FormCard title="Add Review">
      <Form method="post" noValidate onSubmit={onSubmit} className="space-y-4">
        <TextField
          name="name"
          label="Name"
          autoComplete="name"
          defaultValue={values.name ?? userName}
        />
        <SearchableSelect
          name="rating"
          label="Rating"
          options={RATING_OPTIONS}
          defaultValue={values.rating ?? ""}
          placeholder="Choose a rating"
        />
        <SearchableSelect
          name="service"
          label="Service"
          options={services}
          defaultValue={values.service ?? selectedService}
          placeholder="Choose a service"
        />
        <TextAreaField name="message" label="Message" defaultValue={values.message ?? ""} />
        <button type="submit" className="btn-primary w-full" disabled={submitting}>
          {submitting ? "Sending..." : "Add Review"}
        </button>
        <FormError message={error} />
      </Form>
    </FormCard>
  );
}
