import type { User } from "@prisma/client";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getApiUser } from "~/http/auth.server";
import { API_CACHE_SECONDS, PRIVATE_NO_STORE, publicCache } from "~/http/page-headers.server";
import type { Permission } from "~/models/permissions";
import { staffRefusal } from "~/http/roles.server";
import {
  formHoldsNullCharacter,
  holdsNullCharacter,
  NULL_CHARACTER_BODY_MESSAGE,
} from "~/validation/form";
import {
  fail,
  invalid,
  ok,
  retryAfterHeaders,
  TRY_AGAIN_MESSAGE,
  unexpectedError,
  type Failure,
  type Result,
} from "~/utils/result";

/** A JSON answer of the REST API. */
export function apiJson(body: Record<string, unknown>, status = 200, headers?: HeadersInit) {
  return Response.json(body, { status, headers });
}

/**
 * A JSON read that is the same for everyone, whoever asks: shared caches (the server's
 * response cache, a CDN) may keep it. Every other API answer is `private, no-store`.
 */
export function publicApiJson(body: Record<string, unknown>) {
  return apiJson(body, 200, { "cache-control": publicCache(API_CACHE_SECONDS) });
}

/**
 * A public JSON read of the form `{ ...head, [name]: [...items] }` whose list may be long:
 * written a batch of items at a time as they come, so no answer holds the whole list as
 * one string.
 */
export function publicApiJsonList(
  head: Record<string, unknown>,
  name: string,
  batches: AsyncIterable<unknown[]>,
) {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  let first = true;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const opening = JSON.stringify({ ...head, [name]: [] }).slice(0, -2);
      controller.enqueue(encoder.encode(opening));
    },
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) {
        controller.enqueue(encoder.encode("]}"));
        controller.close();
        return;
      }
      const items = next.value.map((item) => JSON.stringify(item)).join(",");
      if (items) controller.enqueue(encoder.encode(first ? items : `,${items}`));
      first &&= !items;
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return new Response(body, {
    headers: {
      "content-type": "application/json",
      "cache-control": publicCache(API_CACHE_SECONDS),
    },
  });
}

export const UNAUTHORIZED_MESSAGE = "Please login first: a valid token is required";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

type ApiArgs<Auth extends boolean> = Pick<LoaderFunctionArgs, "request" | "params" | "context"> & {
  /** The JSON (or form-encoded) body; `{}` for GET. */
  body: Record<string, unknown>;
  /** With `auth: true`, the user the token (or session cookie) belongs to. */
  user: Auth extends true ? User : null;
};

type ApiRouteOptions<Auth extends boolean> = {
  /** The method the route answers (GET answers HEAD too); "ANY" takes every method. */
  method: Method | "ANY";
  /** Refuse a request without a valid token (or session) with 401, before reading the body. */
  auth?: Auth;
  /** Staff routes: only roles with this permission may call (403 for anyone else); needs `auth: true`. */
  permission?: Auth extends true ? Permission : never;
  /** What an unexpected error answers (500), logged with the error. */
  unexpectedMessage?: string;
  /** The body of every refusal of this route; `{ success: false, message }` by default. */
  refusalBody?: (failure: Failure) => Record<string, unknown>;
  /** The route's work: a Response, or a Failure that becomes the refusal. */
  handler: (args: ApiArgs<Auth>) => Promise<Response | Failure> | Response | Failure;
};

const defaultRefusalBody = (failure: Failure) => ({ success: false, message: failure.message });

/**
 * Writes an `/api/*` resource route: `export const { loader, action } = apiRoute({...})`.
 * In order: the method (405 JSON with Allow), the token when `auth` (401), the body (400),
 * then the handler. A Failure it returns, and any thrown error, come back as JSON: the
 * refusal with its status (and Retry-After), a busy database as a retryable 503, anything
 * else as a 500 with `unexpectedMessage`, logged, never the error itself.
 */
export function apiRoute<Auth extends boolean = false>(options: ApiRouteOptions<Auth>) {
  const refusalBody = options.refusalBody ?? defaultRefusalBody;
  const allowed = options.method === "GET" ? ["GET", "HEAD"] : [options.method];

  function refuse(failure: Failure, headers?: HeadersInit) {
    return Response.json(refusalBody(failure), {
      status: failure.status,
      headers: headers ?? retryAfterHeaders(failure),
    });
  }

  async function handle({ request, params, context }: LoaderFunctionArgs | ActionFunctionArgs) {
    const method = request.method.toUpperCase();
    if (options.method !== "ANY" && !allowed.includes(method)) {
      return refuse(fail(405, `Method not allowed: use ${options.method}`), {
        allow: allowed.join(", "),
      });
    }
    try {
      let user: User | null = null;
      if (options.auth) {
        user = await getApiUser(request);
        if (!user) return refuse(fail(401, UNAUTHORIZED_MESSAGE));
        const forbidden = options.permission ? staffRefusal(user, options.permission) : null;
        if (forbidden) return refuse(forbidden);
      }
      const read =
        method === "GET" || method === "HEAD" ? ok({ body: {} }) : await readBody(request);
      if (!read.ok) return refuse(read);
      const answer = await options.handler({
        request,
        params,
        context,
        body: read.body,
        user: user as ApiArgs<Auth>["user"],
      });
      return answer instanceof Response ? answer : refuse(answer);
    } catch (error) {
      if (error instanceof Response) return error;
      const path = new URL(request.url).pathname;
      return refuse(
        unexpectedError(
          `API ${method} ${path}`,
          error,
          options.unexpectedMessage ?? TRY_AGAIN_MESSAGE,
        ),
      );
    }
  }

  return {
    loader: async (args: LoaderFunctionArgs) => privateUnlessSaid(await handle(args)),
    action: async (args: ActionFunctionArgs) => privateUnlessSaid(await handle(args)),
  };
}

/** An answer that did not say it is public is the caller's own (a token, a profile): nothing keeps it. */
function privateUnlessSaid(response: Response): Response {
  if (!response.headers.has("cache-control"))
    response.headers.set("cache-control", PRIVATE_NO_STORE);
  return response;
}

class NullCharacter extends Error {}

/**
 * JSON may escape half of a UTF-16 pair ("\ud800"), which no form can send (a browser encodes it
 * as U+FFFD) and the database engine refuses outright: read it as U+FFFD too, so a JSON body is
 * validated exactly as the same form would be. A null character is refused, as in a form.
 */
function storableStrings(key: string, value: unknown): unknown {
  if (holdsNullCharacter(key) || (typeof value === "string" && holdsNullCharacter(value))) {
    throw new NullCharacter();
  }
  return typeof value === "string" ? value.toWellFormed() : value;
}

/**
 * The body as an object: JSON, or form-encoded so a plain HTML form can post to the API.
 * Anything else (broken JSON, a list, a string) is a 400 that says why.
 */
async function readBody(request: Request): Promise<Result<{ body: Record<string, unknown> }>> {
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
    const form = await request.formData().catch(() => null);
    if (!form) return invalid("Request body could not be read");
    if (formHoldsNullCharacter(form)) return invalid(NULL_CHARACTER_BODY_MESSAGE);
    return ok({ body: Object.fromEntries(form.entries()) });
  }
  const text = await request.text().catch(() => null);
  if (text === null) return invalid("Request body could not be read");
  if (!text.trim()) return ok({ body: {} });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text, storableStrings);
  } catch (error) {
    if (error instanceof NullCharacter) return invalid(NULL_CHARACTER_BODY_MESSAGE);
    return invalid("Request body must be valid JSON");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    return invalid("Request body must be a JSON object");
  }
  return ok({ body: parsed as Record<string, unknown> });
}
