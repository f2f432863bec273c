import { endOtherSessions, signedInDevices } from "~/models/accounts/sessions.server";
import { apiJson, apiRoute } from "~/http/api.server";
import { requestToken } from "~/http/auth.server";

/**
 * `GET /api/me/sessions` -> {success, sessions}: the devices the token's account is signed
 * in on, the one asking marked `current` (docs/decisions/048-signed-in-devices.md).
 */
const list = apiRoute({
  method: "GET",
  auth: true,
  async handler({ request, user }) {
    const sessions = await signedInDevices(user.id, await requestToken(request));
    return apiJson({ success: true, sessions });
  },
});

/** `DELETE /api/me/sessions` -> {success, message, ended}: signs every other device out. */
const endOthers = apiRoute({
  method: "DELETE",
  auth: true,
  async handler({ request, user }) {
    const result = await endOtherSessions(user.id, await requestToken(request));
    if (!result.ok) return result;
    return apiJson({ success: true, message: result.message, ended: result.count });
  },
});

export const loader = list.loader;
export const action = endOthers.action;
