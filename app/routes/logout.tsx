import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { ACCOUNT_RESULTS } from "~/models/accounts/user.server";
import { signOut } from "~/http/auth.server";
import { formAction, formPageHeaders } from "~/http/form-action.server";
import { redirectWithToast } from "~/http/toast.server";

// Signing out changes state, so it is a POST; a GET (a link, a prefetch) only goes home.
export function loader() {
  return redirect("/");
}

export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
    access: "anyone",
    task: "Logging out",
    handler: async ({ request }) => {
      const setCookie = await signOut(request);
      return redirectWithToast(
        "/",
        { type: "success", message: ACCOUNT_RESULTS.loggedOut },
        { headers: { "set-cookie": setCookie } },
      );
    },
  });

export const headers = formPageHeaders;
