import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { formAction, formPageHeaders } from "~/http/form-action.server";
import { getGoogle, GOOGLE_UNAVAILABLE_MESSAGE, startGoogleSignIn } from "~/http/google.server";
import { redirectWithToast } from "~/http/toast.server";

export function loader() {
  return redirect("/login");
}

export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
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

export const headers = formPageHeaders;
