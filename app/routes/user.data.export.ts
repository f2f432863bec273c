import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { exportResponse } from "~/models/accounts/my-data.server";
import { exportMyDataWithFamily } from "~/models/family/account.server";
import { formAction, formPageHeaders } from "~/http/form-action.server";
import { redirectWithToast } from "~/http/toast.server";

const PAGE = "/user/data";

/**
 * The My data page's download: a resource route, so that the browser gets the file
 * itself (a page route's action would render the page around it). A refusal goes back to
 * the page with its message.
 */
export function loader() {
  return redirect(PAGE);
}

export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
    access: "signed in",
    returnTo: PAGE,
    task: "Exporting a patient's data",
    refusal: (failure) => redirectWithToast(PAGE, { type: "error", message: failure.message }),
    handler: async ({ user }) => {
      const result = await exportMyDataWithFamily(user);
      return result.ok ? exportResponse(result) : result;
    },
  });

export const headers = formPageHeaders;
