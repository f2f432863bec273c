import { ACCOUNT_RESULTS, loginUser } from "~/models/accounts/user.server";
import { apiJson, apiRoute } from "~/http/api.server";
import { signIn } from "~/http/auth.server";
import { toPublicUser } from "~/models/accounts/public-user";
import { knownAccounts, rememberSignIn } from "~/http/device.server";

/** POST /api/login {email, password} -> {success, message, user, token} */
export const { loader, action } = apiRoute({
  method: "POST",
  unexpectedMessage: ACCOUNT_RESULTS.somethingWentWrong,
  async handler({ request, body, context }) {
    const result = await loginUser(body, {
      clientIp: context.clientIp,
      knownAccounts: await knownAccounts(request),
    });
    if (!result.ok) return result;
    const { token } = await signIn(request, result.user.id, context);
    // A client that keeps cookies is a device that signed in (~/http/device.server).
    return apiJson(
      { success: true, message: result.message, user: toPublicUser(result.user), token },
      200,
      { "set-cookie": await rememberSignIn(request, result.user.email) },
    );
  },
});
