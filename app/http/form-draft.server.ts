import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { cookieOptions } from "~/infra/cookie.server";
import { loginPathFor } from "~/utils/safe-redirect";

/**
 * What a visitor typed into a form, kept for the next page that shows that form: a draft
 * review through the detour to /login, the new patient's e-mail on the login page after
 * registering. It travels in a signed, httpOnly cookie that lives half an hour and is read
 * once, never in the URL (addresses and review texts would land in logs and history).
 */
export type FormDraft = Record<string, string>;

export const DRAFT_TTL_SECONDS = 30 * 60;
/** Bounds each value, so a draft cookie stays far below the browsers' 4 KB. */
const MAX_VALUE_LENGTH = 1000;

type DraftFlash = Record<string, FormDraft>;
let storage: ReturnType<typeof createCookieSessionStorage<object, DraftFlash>> | undefined;
function draftStorage() {
  storage ??= createCookieSessionStorage<object, DraftFlash>({
    cookie: { name: "en_draft", ...cookieOptions({ maxAge: DRAFT_TTL_SECONDS }) },
  });
  return storage;
}

/** The Set-Cookie header that keeps `fields` of `values` for the next visit of `path`. */
export async function draftHeaders(
  request: Request,
  path: string,
  values: Record<string, string>,
  fields: readonly string[],
): Promise<Headers> {
  const draft: FormDraft = {};
  for (const field of fields) {
    const value = values[field];
    if (typeof value === "string" && value !== "") draft[field] = value.slice(0, MAX_VALUE_LENGTH);
  }
  const session = await draftStorage().getSession(request.headers.get("cookie"));
  session.flash(path, draft);
  return new Headers({ "set-cookie": await draftStorage().commitSession(session) });
}

/**
 * The draft kept for `path`, read once: the returned headers (when not null) must go on
 * the response, they clear it.
 */
export async function takeDraft(request: Request, path: string) {
  const session = await draftStorage().getSession(request.headers.get("cookie"));
  const kept: unknown = session.get(path);
  if (kept === undefined) return { draft: null, headers: null };
  const draft: FormDraft = {};
  if (typeof kept === "object" && kept !== null) {
    for (const [key, value] of Object.entries(kept)) {
      if (typeof value === "string") draft[key] = value;
    }
  }
  const headers = new Headers({ "set-cookie": await draftStorage().commitSession(session) });
  return { draft, headers };
}

/**
 * For a form that a signed-out visitor may fill in: sends them to /login (and back to
 * `path` afterwards) with what they typed kept as the form's draft.
 */
export async function loginKeepingDraft(
  request: Request,
  path: string,
  values: Record<string, string>,
  fields: readonly string[],
) {
  return redirect(loginPathFor(path), {
    headers: await draftHeaders(request, path, values, fields),
  });
}
