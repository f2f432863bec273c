import { redirect } from "@remix-run/node";
import { formRoute } from "~/utils/form-action.server";
import { getGoogle, GOOGLE_UNAVAILABLE_MESSAGE, startGoogleSignIn } from "~/utils/google.server";
import { redirectWithToast } from "~/utils/toast.server";

export function loader() {
  return redirect("/login");
}

export const { action, headers } = formRoute({
  access: "anyone",
  task: "Starting a Google sign-in",
  handler: async ({ request, form }) => {
    const google = getGoogle();
    if (!google) {
      return redirectWithToast("/login", { type: "error", message: GOOGLE_UNAVAILABLE_MESSAGE });
    }
    return startGoogleSignIn(request, google, form.redirectTo ?? "/");
  },
});
