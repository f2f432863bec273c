import { ACCOUNT_RESULTS, registerUser } from "~/models/accounts/user.server";
import { apiJson, apiRoute } from "~/http/api.server";

/** POST /api/register {name, email, password, userImage} -> {success, message} */
export const { loader, action } = apiRoute({
  method: "POST",
  unexpectedMessage: ACCOUNT_RESULTS.somethingWentWrong,
  async handler({ body, context }) {
    const result = await registerUser(body, { clientIp: context.clientIp });
    if (!result.ok) return result;
    return apiJson({ success: true, message: result.message }, 201);
  },
});
