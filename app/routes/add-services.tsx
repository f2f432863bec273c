import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CheckedForm, FormCard, TextField, useCheckedForm } from "~/components/form-kit";
import { CategoryField } from "~/components/category-field";
import { TextAreaField } from "~/components/text-area-field";
import { VerifyEmailNotice } from "~/components/verify-email-notice";
import { unverifiedRefusal } from "~/models/accounts/email-verification.server";
import { createService, SERVICE_CREATED } from "~/models/services/catalog.server";
import { requirePageUser } from "~/http/auth.server";
import { formAction, formPageHeaders } from "~/http/form-action.server";
import { redirectWithToast } from "~/http/toast.server";
import { MAX_PRICE_DOLLARS, SERVICE_REQUIRED_FIELDS } from "~/validation/form-fields";

const PATH = "/add-services";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePageUser(request);
  return {
    user: { name: user.name, email: user.email },
    verifyFirst: unverifiedRefusal(user)?.message ?? null,
  };
}

export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
    access: "signed in",
    keep: "all",
    task: "Creating a service",
    handler: async ({ form, user }) => {
      const result = await createService(form, user.id);
      if (!result.ok) return result;
      return redirectWithToast("/", { type: "success", message: SERVICE_CREATED });
    },
  });

export const headers = formPageHeaders;

export const meta: MetaFunction = () => [
  { title: "Add Service | Dental Clinic" },
  { name: "description", content: "Add a dental service to the clinic's catalogue." },
];

export default function AddService() {
  const { user, verifyFirst } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const form = useCheckedForm(
    () => import("~/validation/service").then((m) => m.serviceSchema),
    SERVICE_REQUIRED_FIELDS,
  );
  const values: Record<string, string> = actionData?.values ?? {};

  if (verifyFirst) {
    return <VerifyEmailNotice title="Add Service" message={verifyFirst} redirectTo={PATH} />;
  }
  return (
    <FormCard title="Add Service">
      <p className="mb-4 text-sm text-slate-700" data-testid="current-user">
        Adding as <span className="font-medium">{user.name}</span> ({user.email})
      </p>
      <CheckedForm form={form} className="space-y-4">
        <TextField name="name" need="required" label="Title" defaultValue={values.name ?? ""} />
        <TextField
          name="price"
          need="required"
          label="Price (US dollars)"
          type="number"
          inputMode="decimal"
          min="0.01"
          max={MAX_PRICE_DOLLARS}
          step="0.01"
          defaultValue={values.price ?? ""}
        />
        <TextField
          name="photo"
          need="required"
          label="Image link"
          type="url"
          inputMode="url"
          placeholder="https://"
          defaultValue={values.photo ?? ""}
        />
        <CategoryField defaultValue={values.category} />
        <TextAreaField
          name="description"
          need="required"
          label="Description"
          defaultValue={values.description ?? ""}
        />
        <button type="submit" className="btn-primary w-full" disabled={form.submitting}>
          {form.submitting ? "Adding..." : "Add Service"}
        </button>
      </CheckedForm>
    </FormCard>
  );
}
