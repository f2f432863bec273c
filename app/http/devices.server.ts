import type { User } from "@prisma/client";
import { getClinicClock } from "~/models/settings/clinic-settings.server";
import {
  endOtherSessions,
  endSession,
  SESSION_MESSAGES,
  signedInDevices,
} from "~/models/accounts/sessions.server";
import { destroyTokenCookie, getCookieToken } from "~/infra/session.server";
import { redirectWithToast } from "~/http/toast.server";

/**
 * The signed-in devices section of an account page (the patient's profile, the staff's
 * account screen): the user's devices, the device asking marked, and the clinic's clock
 * to write their times in.
 */
export async function devicesSection(request: Request, user: Pick<User, "id">) {
  const [devices, clock] = await Promise.all([
    signedInDevices(user.id, await getCookieToken(request)),
    getClinicClock(),
  ]);
  return { devices, clock };
}

/**
 * What the section's forms do (`intent` "end-session" with `session`, or "end-others"),
 * answered as a redirect back to `page` with a toast. Signing out the device asking
 * clears its cookie and goes to the sign-in page.
 */
export async function devicesFormAnswer(
  request: Request,
  user: Pick<User, "id">,
  form: Record<string, string>,
  page: string,
): Promise<Response> {
  const token = await getCookieToken(request);
  if (form.intent === "end-others") {
    const ended = await endOtherSessions(user.id, token);
    return redirectWithToast(page, { type: "success", message: ended.ok ? ended.message : "" });
  }
  if (form.intent !== "end-session") {
    return redirectWithToast(page, { type: "error", message: SESSION_MESSAGES.choose });
  }
  const ended = await endSession(user.id, form.session, token);
  if (!ended.ok) return redirectWithToast(page, { type: "error", message: ended.message });
  if (!ended.current) return redirectWithToast(page, { type: "success", message: ended.message });
  return redirectWithToast(
    "/login",
    { type: "success", message: ended.message },
    { headers: { "set-cookie": await destroyTokenCookie(request) } },
  );
}
