import { ACCOUNT_RESULTS } from "~/models/accounts/user.server";
import { apiJson, apiRoute } from "~/http/api.server";
import { signOut } from "~/http/auth.server";

/**
 * `POST /api/logout` -> {success: true, message: 'Logout Successfully'}: revokes the token
 * it is called with (Authorization, else the session cookie, which it also clears).
 */
export const { loader, action } = apiRoute({
  method: "POST",
  auth: true,
  unexpectedMessage: ACCOUNT_RESULTS.somethingWentWrong,
  async handler({ request }) {
    const setCookie = await signOut(request);
    return apiJson({ success: true, message: ACCOUNT_RESULTS.loggedOut }, 200, {
      "set-cookie": setCookie,
    });
  },
});
