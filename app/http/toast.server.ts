import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { cookieOptions } from "~/infra/cookie.server";
import { combineHeaders } from "~/http/http.server";
import { type Toast, toastSchema } from "~/validation/toast";

export type { Toast };

const TOAST_KEY = "toast";

type ToastSessionData = Record<string, never>;
type ToastFlashData = { toast: Toast };
let storage:
  ReturnType<typeof createCookieSessionStorage<ToastSessionData, ToastFlashData>> | undefined;
function toastStorage() {
  storage ??= createCookieSessionStorage<ToastSessionData, ToastFlashData>({
    cookie: { name: "en_toast", ...cookieOptions() },
  });
  return storage;
}

/** A Set-Cookie header carrying one toast to the next page the browser shows. */
export async function toastHeaders(toast: Toast): Promise<Headers> {
  const session = await toastStorage().getSession();
  session.flash(TOAST_KEY, toast);
  return new Headers({ "set-cookie": await toastStorage().commitSession(session) });
}

export async function redirectWithToast(url: string, toast: Toast, init?: ResponseInit) {
  return redirect(url, {
    ...init,
    headers: combineHeaders(init?.headers, await toastHeaders(toast)),
  });
}

/** Reads (and clears) the pending toast; the returned headers must go on the response. */
export async function getToast(request: Request) {
  const session = await toastStorage().getSession(request.headers.get("cookie"));
  const parsed = toastSchema.safeParse(session.get(TOAST_KEY));
  const toast = parsed.success ? parsed.data : null;
  const headers = toast
    ? new Headers({ "set-cookie": await toastStorage().destroySession(session) })
    : null;
  return { toast, headers };
}
