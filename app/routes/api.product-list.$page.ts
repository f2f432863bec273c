import { getServicePage } from "~/models/service.server";
import { apiJson, apiRoute } from "~/utils/api.server";

// The query may carry the All Services filter (?checked=…&radio=…) so "load more" works in
// filter mode too.
export const { loader, action } = apiRoute({
  method: "GET",
  async handler({ request, params }) {
    const result = await getServicePage(params.page, new URL(request.url).searchParams);
    if (!result.ok) return result;
    return apiJson({ success: true, page: result.page, products: result.services });
  },
});
