import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { ACCOUNT_RESULTS } from "~/models/user.server";
import { signOut } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";

// Signing out changes state, so it is a POST; a GET (a link, a prefetch) only goes home.
export function loader() {
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  const setCookie = await signOut(request);
  return redirectWithToast(
    "/",
    { type: "success", message: ACCOUNT_RESULTS.loggedOut },
    { headers: { "set-cookie": setCookie } },
  );
}
