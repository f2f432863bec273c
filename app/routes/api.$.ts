import { apiError } from "~/utils/api.server";

// An /api path that names no route is answered in the API's own shape, not with the
// site's HTML 404 page.
export function loader() {
  return apiError(404, "No such API route");
}

export function action() {
  return apiError(404, "No such API route");
}
