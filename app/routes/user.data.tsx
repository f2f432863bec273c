import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { FormError } from "~/components/form-error";
import { exportMyData, exportResponse } from "~/models/my-data.server";
import { requirePageUser, requireUser } from "~/utils/auth.server";
import { formRefusal, unexpectedFailure } from "~/utils/form-action.server";
import { invalid } from "~/utils/result";

const PATH = "/user/data";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePageUser(request);
  return { email: user.email };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, { redirectTo: PATH });
  const form = await request.formData();
  if (form.get("intent") !== "export") {
    return formRefusal(invalid("Please choose what to do with your data."), {});
  }
  try {
    const result = await exportMyData(user);
    if (!result.ok) return formRefusal(result, {});
    return exportResponse(result);
  } catch (error) {
    return unexpectedFailure("Exporting a patient's data", error, {});
  }
}

export const meta: MetaFunction = () => [
  { title: "My data | Dental Clinic" },
  {
    name: "description",
    content: "Download everything the clinic stores about you, or delete your account.",
  },
];

export default function MyData() {
  const { email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section className="mx-auto max-w-3xl space-y-10 px-4 py-12">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">My data</h1>
        <p className="mt-2 text-slate-700">
          Signed in as <span className="font-medium">{email}</span>.
        </p>
      </div>

      <div className="space-y-3">
        <h2 className="text-xl font-semibold text-slate-900">Download my data</h2>
        <p className="text-slate-700">
          One JSON file with everything we store about you: your profile, your appointments, your
          reviews, the services you added, when you signed in and when we sent you verification or
          password links. Passwords and sign-in tokens are never included.
        </p>
        {/* A document submit: the answer is a file the browser saves, not a page. */}
        <Form method="post" reloadDocument>
          <input type="hidden" name="intent" value="export" />
          <button type="submit" className="btn-primary">
            Download my data
          </button>
        </Form>
        <FormError message={actionData?.error} />
      </div>

      <div className="space-y-3">
        <h2 className="text-xl font-semibold text-slate-900">Delete my account</h2>
        <p className="text-slate-700">
          Deleting your account cancels your upcoming appointments and removes your profile and
          sign-ins. Past appointments and reviews stay in the clinic&apos;s records without your
          name, e-mail or phone number.
        </p>
        <Link to="/user/delete-account" className="btn-secondary inline-block">
          Delete my account
        </Link>
      </div>
    </section>
  );
}
