import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { requirePageUser } from "~/http/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePageUser(request);
  return { email: user.email };
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
        <Form method="post" action="/user/data/export" reloadDocument>
          <button type="submit" className="btn-primary">
            Download my data
          </button>
        </Form>
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
