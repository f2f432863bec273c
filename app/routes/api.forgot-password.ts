import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requestPasswordReset } from "~/models/password-reset.server";
import { ACCOUNT_RESULTS } from "~/models/user.server";
import { apiError, apiJson, apiRefusal, readBody, requireMethod } from "~/utils/api.server";

export function loader({ request }: LoaderFunctionArgs) {
  requireMethod(request, "POST");
  return null;
}

/**
 * POST /api/forgot-password {email, newPassword} -> {success, message}. The new password
 * takes effect only through the link mailed to the address.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const body = await readBody(request);
  try {
    const result = await requestPasswordReset(body, { clientIp: context.clientIp });
    if (!result.ok) {
      return apiRefusal(result);
    }
    return apiJson({ success: true, message: result.message });
  } catch (error) {
    console.error("API password reset request failed", error);
    return apiError(500, ACCOUNT_RESULTS.somethingWentWrong);
  }
}
