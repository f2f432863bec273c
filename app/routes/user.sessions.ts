import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { devicesFormAnswer } from "~/http/devices.server";
import { formAction, formPageHeaders } from "~/http/form-action.server";
import { redirectWithToast } from "~/http/toast.server";

const PROFILE = "/user/profile";

/**
 * The profile's signed-in devices (issue 31 item 6): signs one device, or all others, out
 * and goes back to the profile with a toast. A resource route, so both profile pages (a
 * password account's and a Google account's) post to it.
 */
export function loader() {
  return redirect(PROFILE);
}

export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
    access: "signed in",
    returnTo: PROFILE,
    task: "Signing a device out",
    refusal: (failure) => redirectWithToast(PROFILE, { type: "error", message: failure.message }),
    handler: ({ request, form, user }) =>
      devicesFormAnswer(
        request,
        user,
        form,
        user.provider === "google" ? "/user/profileGoogle" : PROFILE,
      ),
  });

export const headers = formPageHeaders;
