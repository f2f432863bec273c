import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { exportMyData, exportResponse } from "~/models/my-data.server";
import { requireUser } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import { TRY_AGAIN_MESSAGE, unexpectedError } from "~/utils/result";

const PAGE = "/user/data";

/**
 * The My data page's download: a resource route, so that the browser gets the file
 * itself (a page route's action would render the page around it). A refusal goes back to
 * the page with its message.
 */
export function loader() {
  return redirect(PAGE);
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, { redirectTo: PAGE });
  let failure;
  try {
    const result = await exportMyData(user);
    if (result.ok) return exportResponse(result);
    failure = result;
  } catch (error) {
    failure = unexpectedError("Exporting a patient's data", error, TRY_AGAIN_MESSAGE);
  }
  return redirectWithToast(PAGE, { type: "error", message: failure.message });
}
