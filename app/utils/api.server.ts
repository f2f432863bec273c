import type { User } from "@prisma/client";
import { getApiUser } from "./auth.server";
import { retryAfterHeaders, type Failure } from "./result";

/** A JSON answer of the REST API. */
export function apiJson(body: Record<string, unknown>, status = 200, headers?: HeadersInit) {
  return Response.json(body, { status, headers });
}

/** A refusal in the shape every API client expects: `{ success: false, message }`. */
export function apiError(status: number, message: string) {
  return apiJson({ success: false, message }, status);
}

/**
 * The JSON body of a request, or a thrown 400 that says why it is not usable.
 * Form-encoded bodies are accepted too, so a plain HTML form can post to the API.
 */
export async function readBody(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
    const form = await request.formData().catch(() => null);
    if (!form) throw apiError(400, "Request body could not be read");
    return Object.fromEntries(form.entries());
  }
  const text = await request.text().catch(() => null);
  if (text === null) throw apiError(400, "Request body could not be read");
  if (!text.trim()) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw apiError(400, "Request body must be valid JSON");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw apiError(400, "Request body must be a JSON object");
  }
  return parsed as Record<string, unknown>;
}

/** A domain refusal as `{ success: false, message }`, with Retry-After when rate-limited. */
export function apiRefusal(failure: Failure) {
  return apiJson(
    { success: false, message: failure.message },
    failure.status,
    retryAfterHeaders(failure),
  );
}

/** Refuses any method but the expected ones with 405. */
export function requireMethod(request: Request, ...methods: string[]) {
  if (!methods.includes(request.method.toUpperCase())) {
    throw apiJson({ success: false, message: `Method ${request.method} not allowed` }, 405, {
      allow: methods.join(", "),
    });
  }
}

export const UNAUTHORIZED_MESSAGE = "Please login first: a valid token is required";

/** The user named by the request's token, or a thrown 401 `{ success: false, message }`. */
export async function requireApiUser(request: Request): Promise<User> {
  const user = await getApiUser(request);
  if (!user) throw apiError(401, UNAUTHORIZED_MESSAGE);
  return user;
}
