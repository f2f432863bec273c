import type { LoaderFunctionArgs } from "@remix-run/node";
import { ACCOUNT_RESULTS } from "~/models/accounts/user.server";
import { signIn } from "~/http/auth.server";
import { rememberSignIn } from "~/http/device.server";
import { finishGoogleSignIn, getGoogle, GOOGLE_UNAVAILABLE_MESSAGE } from "~/http/google.server";
import { combineHeaders } from "~/http/http.server";
import { landingAfterSignIn } from "~/http/roles.server";
import { loginPathFor } from "~/utils/safe-redirect";
import { redirectWithToast } from "~/http/toast.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const google = getGoogle();
  if (!google) {
    return redirectWithToast("/login", { type: "error", message: GOOGLE_UNAVAILABLE_MESSAGE });
  }
  const result = await finishGoogleSignIn(request, google);
  if (!result.ok) {
    return redirectWithToast(
      loginPathFor(result.redirectTo),
      { type: "error", message: result.message },
      { headers: result.headers },
    );
  }
  const { setCookie } = await signIn(request, result.user.id, context);
  return redirectWithToast(
    landingAfterSignIn(result.user, result.redirectTo),
    { type: "success", message: ACCOUNT_RESULTS.loggedIn },
    {
      headers: combineHeaders(
        result.headers,
        { "set-cookie": setCookie },
        { "set-cookie": await rememberSignIn(request, result.user.email) },
      ),
    },
  );
}
