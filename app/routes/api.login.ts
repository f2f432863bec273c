import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ACCOUNT_RESULTS, loginUser } from "~/models/user.server";
import { apiError, apiJson, apiRefusal, readBody, requireMethod } from "~/utils/api.server";
import { signIn, toPublicUser } from "~/utils/auth.server";

export function loader({ request }: LoaderFunctionArgs) {
  requireMethod(request, "POST");
  return null;
}

/** POST /api/login {email, password} -> {success, message, user, token} */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const body = await readBody(request);
  try {
    const result = await loginUser(body, { clientIp: context.clientIp });
    if (!result.ok) {
      return apiRefusal(result);
    }
    const { token } = await signIn(request, result.user.id);
    return apiJson({
      success: true,
      message: result.message,
      user: toPublicUser(result.user),
      token,
    });
  } catch (error) {
    console.error("API login failed", error);
    return apiError(500, ACCOUNT_RESULTS.somethingWentWrong);
  }
}
