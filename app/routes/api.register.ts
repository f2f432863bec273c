import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ACCOUNT_RESULTS, registerUser } from "~/models/user.server";
import { apiError, apiJson, readBody, requireMethod } from "~/utils/api.server";
import { retryAfterHeaders } from "~/utils/rate-limit.server";

export function loader({ request }: LoaderFunctionArgs) {
  requireMethod(request, "POST");
  return null;
}

/** POST /api/register {name, email, password, userImage} -> {success, message} */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const body = await readBody(request);
  try {
    const result = await registerUser(body, { clientIp: context.clientIp });
    if (!result.ok) {
      return apiJson(
        { success: false, message: result.message },
        result.status,
        retryAfterHeaders(result),
      );
    }
    return apiJson({ success: true, message: result.message }, 201);
  } catch (error) {
    console.error("API registration failed", error);
    return apiError(500, ACCOUNT_RESULTS.somethingWentWrong);
  }
}
