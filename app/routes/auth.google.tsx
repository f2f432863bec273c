import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getGoogle, GOOGLE_UNAVAILABLE_MESSAGE, startGoogleSignIn } from "~/utils/google.server";
import { redirectWithToast } from "~/utils/toast.server";
import { formToObject } from "~/validation/form";

export function loader() {
  return redirect("/login");
}

export async function action({ request }: ActionFunctionArgs) {
  const form = formToObject(await request.formData());
  const google = getGoogle();
  if (!google) {
    return redirectWithToast("/login", { type: "error", message: GOOGLE_UNAVAILABLE_MESSAGE });
  }
  return startGoogleSignIn(request, google, form.redirectTo ?? "/");
}
