import { getServicePage } from "~/models/services/catalog.server";
import { apiJson, apiRoute, publicApiJson } from "~/http/api.server";

// The query may carry the All Services filter (?checked=…&radio=…) so "load more" works in
// filter mode too.
export const { loader, action } = apiRoute({
  method: "GET",
  async handler({ request, params }) {
    const result = await getServicePage(params.page, new URL(request.url).searchParams);
    if (!result.ok) return result;
    const body = { success: true, page: result.page, products: result.services };
    // A page past the end is not worth keeping: any number would make a new one.
    return result.services.length > 0 ? publicApiJson(body) : apiJson(body);
  },
});
