import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ACCOUNT_RESULTS, updateProfile } from "~/models/user.server";
import { apiJson, readBody, requireMethod, UNAUTHORIZED_MESSAGE } from "~/utils/api.server";
import { getApiUser, toPublicUser } from "~/utils/auth.server";

/** The spec's clients read `error`; `message` keeps the shape of every other refusal. */
function refusal(status: number, message: string) {
  return apiJson({ success: false, error: message, message }, status);
}

export function loader({ request }: LoaderFunctionArgs) {
  requireMethod(request, "PUT");
  return null;
}

/** PUT /api/profile {name, address, userImage} -> {success: true, updatedUser} | {success: false, error} */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "PUT");
  const user = await getApiUser(request);
  if (!user) return refusal(401, UNAUTHORIZED_MESSAGE);
  const body = await readBody(request);
  try {
    const result = await updateProfile(user, body);
    if (!result.ok) return refusal(result.status, result.message);
    return apiJson({
      success: true,
      message: result.message,
      updatedUser: toPublicUser(result.user),
    });
  } catch (error) {
    console.error("API profile update failed", error);
    return refusal(500, ACCOUNT_RESULTS.somethingWentWrong);
  }
}
