// Helpers for the account integration tests: real Request objects in, Remix results out.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getToast } from "~/http/toast.server";

let ipCounter = 0;
/** A client address no other test uses, so rate limits never leak between tests. */
export function freshIp() {
  ipCounter += 1;
  return `198.51.100.${ipCounter}`;
}

/** A form post; a list sends its field once per value (ticked checkboxes). */
export function formPost(
  path: string,
  fields: Record<string, string | readonly string[]>,
  cookie?: string,
) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const entry of typeof value === "string" ? [value] : value) body.append(name, entry);
  }
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...(cookie ? { cookie } : {}),
    },
    body,
  });
}

export function jsonRequest(
  path: string,
  method: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return new Request(`http://localhost${path}`, {
    method,
    headers: { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
}

export function get(path: string, cookie?: string) {
  return new Request(`http://localhost${path}`, { headers: cookie ? { cookie } : {} });
}

export function actionArgs(request: Request, clientIp = freshIp(), params = {}) {
  return { request, params, context: { clientIp } } as ActionFunctionArgs;
}

export function loaderArgs(request: Request, params = {}) {
  return { request, params, context: { clientIp: freshIp() } } as LoaderFunctionArgs;
}

type DataResult = { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null };

/** The status and body of what a page action/loader returned: a Response, data() or a plain object. */
export async function outcome(result: unknown): Promise<{
  status: number;
  body: Record<string, unknown> | null;
  location: string | null;
  headers: Headers;
}> {
  if (result instanceof Response) {
    const text = await result.clone().text();
    let body: Record<string, unknown> | null = null;
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
    } catch {
      body = null;
    }
    return {
      status: result.status,
      body,
      location: result.headers.get("location"),
      headers: result.headers,
    };
  }
  if (isDataResult(result)) {
    const { data, init } = result as DataResult;
    return {
      status: init?.status ?? 200,
      body: data as Record<string, unknown>,
      location: null,
      headers: new Headers(init?.headers),
    };
  }
  return {
    status: 200,
    body: result as Record<string, unknown>,
    location: null,
    headers: new Headers(),
  };
}

function isDataResult(result: unknown): result is DataResult {
  return (
    typeof result === "object" &&
    result !== null &&
    (result as DataResult).type === "DataWithResponseInit"
  );
}

/**
 * Runs a loader/action that may throw a Response or data() (redirects, 4xx) and returns
 * what came out.
 */
export async function settle(run: () => unknown) {
  try {
    return await outcome(await run());
  } catch (thrown) {
    if (thrown instanceof Response || isDataResult(thrown)) return outcome(thrown);
    throw thrown;
  }
}

/** The `name=value` pairs of a response's Set-Cookie headers, as a Cookie header. */
export function cookiesFrom(headers: Headers, existing = ""): string {
  const jar = new Map<string, string>();
  for (const pair of existing.split(/;\s*/).filter(Boolean)) {
    const [name, ...rest] = pair.split("=");
    jar.set(name!, rest.join("="));
  }
  for (const line of headers.getSetCookie()) {
    const [pair] = line.split(";");
    const [name, ...rest] = pair!.split("=");
    const value = rest.join("=");
    if (!value || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) jar.delete(name!);
    else jar.set(name!, value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

/** The toast a response flashes for the next page, read by the app's own toast code. */
export async function toastOf(headers: Headers) {
  const cookie = headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  if (!cookie) return null;
  const { toast } = await getToast(new Request("http://localhost/", { headers: { cookie } }));
  return toast;
}
