import { ACCOUNT_RESULTS, updateProfile } from "~/models/accounts/user.server";
import { apiJson, apiRoute } from "~/http/api.server";
import { toPublicUser } from "~/models/accounts/public-user";

/** PUT /api/profile {name, address, userImage} -> {success: true, updatedUser} | {success: false, error} */
export const { loader, action } = apiRoute({
  method: "PUT",
  auth: true,
  unexpectedMessage: ACCOUNT_RESULTS.somethingWentWrong,
  // The spec's clients read `error`; `message` keeps the shape of every other refusal.
  refusalBody: ({ message }) => ({ success: false, error: message, message }),
  async handler({ body, user }) {
    const result = await updateProfile(user, body);
    if (!result.ok) return result;
    return apiJson({
      success: true,
      message: result.message,
      updatedUser: toPublicUser(result.user),
    });
  },
});
