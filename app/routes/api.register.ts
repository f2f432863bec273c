import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ACCOUNT_RESULTS, registerUser } from "~/models/user.server";
import { apiError, apiJson, apiRefusal, readBody, requireMethod } from "~/utils/api.server";

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
      return apiRefusal(result);
    }
    return apiJson({ success: true, message: result.message }, 201);
  } catch (error) {
    console.error("API registration failed", error);
    return apiError(500, ACCOUNT_RESULTS.somethingWentWrong);
  }
}
