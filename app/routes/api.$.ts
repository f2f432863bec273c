import { apiRoute } from "~/http/api.server";
import { fail } from "~/utils/result";

// An /api path that names no route is answered in the API's own shape, not with the
// site's HTML 404 page.
export const { loader, action } = apiRoute({
  method: "ANY",
  handler: () => fail(404, "No such API route"),
});
