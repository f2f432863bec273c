import type { User } from "@prisma/client";
import { data, type ActionFunctionArgs, type HeadersFunction } from "@remix-run/node";
import type { SelectOption } from "~/validation/form";
import { getAllServices } from "~/models/services/catalog.server";
import {
  formHoldsNullCharacter,
  formToObject,
  NULL_CHARACTER_FORM_MESSAGE,
  withoutNullCharacters,
} from "~/validation/form";
import { requireUser } from "~/http/auth.server";
import type { Permission } from "~/models/permissions";
import {
  invalid,
  retryAfterHeaders,
  TRY_AGAIN_MESSAGE,
  unexpectedError,
  type Failure,
} from "~/utils/result";
import { requireStaffPage, staffActor, type StaffActor } from "~/http/roles.server";

export const UNREADABLE_FORM_MESSAGE = "The form could not be read. Please send it again.";

/** Who may post a form: anyone, a signed-in user, or staff whose role has the permission. */
export type Access = "anyone" | "signed in" | Permission;

export type FormArgs<A extends Access> = Pick<
  ActionFunctionArgs,
  "request" | "params" | "context"
> & {
  /** The form's text fields, the first of each name. */
  form: Record<string, string>;
  /** The form as sent, for a name that repeats (a list of checkboxes). */
  formData: FormData;
  /** The signed-in user ("signed in" and staff access), else null. */
  user: A extends "anyone" ? null : User;
  /** The staff member, for the audit trail (staff access), else null. */
  actor: A extends "anyone" | "signed in" ? null : StaffActor;
};

/** What a refused form gets back by default: the message, its field and what was typed. */
export type FormRefusal<Kept extends string = string> = {
  error: string;
  field: string | null;
  values: Record<Kept, string>;
};

export type FormActionOptions<A extends Access, Kept extends string, Answer, Refusal> = {
  access: A;
  /** Where a signed-out visitor comes back to after signing in ("signed in"): the page posted to. */
  returnTo?: string;
  /** The fields a refusal gives back so the form keeps what was typed ("all", or some: never a password). */
  keep?: readonly Kept[] | "all";
  /**
   * Turns the fields into what the form means before anything reads them (a repeated
   * name, read from `formData`, can become one field a refusal gives back).
   */
  prepare?: (form: Record<string, string>, formData: FormData) => Record<string, string>;
  /** What the form does, for the log when it fails unexpectedly. */
  task: string;
  /** What the visitor reads when it does; "Something went wrong. Please try again." by default. */
  unexpectedMessage?: string;
  /**
   * What every refusal of this form answers: its body (`FormRefusal` by default), or a
   * Response of its own (a redirect with the message as a toast).
   */
  refusal?: (failure: Failure, values: Record<Kept, string>) => Refusal | Promise<Response>;
  /** The form's work: a Response (a redirect with a toast), other data, or a Failure to refuse with. */
  handler: (args: FormArgs<A>) => Promise<Answer | Failure>;
};

const defaultRefusalBody = <Kept extends string>(
  failure: Failure,
  values: Record<Kept, string>,
): FormRefusal<Kept> => ({ error: failure.message, field: failure.field ?? null, values });

/**
 * The `headers` of a page whose form can be refused for a while (a rate limit, a busy
 * database): the refusal's Retry-After reaches the visitor's browser, with JavaScript
 * (page data) or without (the page again). Remix passes an action's headers on only
 * through the route's own `headers` export.
 */
export const formPageHeaders: HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers();
  const retryAfter = actionHeaders.get("retry-after");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

/**
 * The `headers` of a page reached by a token in its address (a mail's visit link, a
 * waiting-list offer, a reset or verification link): nothing may keep it, signed in or
 * not, since its address is a key. A refusal's Retry-After goes on, as on `formPageHeaders`.
 */
export const tokenPageHeaders: HeadersFunction = (args) => {
  const headers = new Headers(formPageHeaders(args));
  headers.set("Cache-Control", "no-store");
  return headers;
};

/**
 * A page's form handling, the page-side twin of `apiRoute`
 * (docs/decisions/031-form-routes-and-permissions.md):
 *
 *   export const action = (args: ActionFunctionArgs) => formAction(args, {...});
 *   export const headers = formPageHeaders;
 *
 * (an arrow, not a call at the module's top: the browser bundle drops the action only
 * when nothing runs at load). In order: who may post (a visitor without a session goes
 * to sign in, staff without the permission get the 403 page), the form, then the handler.
 * A Failure it returns, and any error it throws, come back as the form again with the
 * message and what was typed, under the refusal's status and Retry-After; an unexpected
 * error is logged, never shown. Rate limits are rules: the domain function the handler
 * calls takes them, for both doors.
 */
export async function formAction<
  A extends Access,
  Kept extends string = string,
  Answer = Response,
  Refusal = FormRefusal<Kept>,
>(
  { request, params, context }: ActionFunctionArgs,
  options: FormActionOptions<A, Kept, Answer, Refusal>,
) {
  const refusal = (options.refusal ?? defaultRefusalBody) as (
    failure: Failure,
    values: Record<Kept, string>,
  ) => Refusal | Promise<Response>;

  async function refuse(failure: Failure, values: Record<Kept, string>) {
    const answer = await refusal(failure, values);
    if (answer instanceof Response) return answer;
    return data(answer, { status: failure.status, headers: retryAfterHeaders(failure) });
  }

  const { user, actor } = await admit(request, options.access, options.returnTo);
  let values = {} as Record<Kept, string>;
  try {
    const formData = await request.formData().catch(() => null);
    if (!formData) return refuse(invalid(UNREADABLE_FORM_MESSAGE), values);
    const form = (options.prepare ?? ((fields) => fields))(formToObject(formData), formData);
    values = kept(form, options.keep);
    if (formHoldsNullCharacter(formData)) {
      // Shown again without it, so that sending the form again works.
      const shown = Object.entries<string>(values).map(([name, value]) => [
        name,
        withoutNullCharacters(value),
      ]);
      return refuse(
        invalid(NULL_CHARACTER_FORM_MESSAGE),
        Object.fromEntries(shown) as Record<Kept, string>,
      );
    }
    const answer = await options.handler({
      request,
      params,
      context,
      form,
      formData,
      user: user as FormArgs<A>["user"],
      actor: actor as FormArgs<A>["actor"],
    });
    return isFailure(answer) ? refuse(answer, values) : answer;
  } catch (error) {
    if (error instanceof Response || isDataWithResponseInit(error)) throw error;
    const message = options.unexpectedMessage ?? TRY_AGAIN_MESSAGE;
    return refuse(unexpectedError(options.task, error, message), values);
  }
}

async function admit(
  request: Request,
  access: Access,
  returnTo: string | undefined,
): Promise<{ user: User | null; actor: StaffActor | null }> {
  if (access === "anyone") return { user: null, actor: null };
  if (access === "signed in") {
    return { user: await requireUser(request, { redirectTo: returnTo }), actor: null };
  }
  const user = await requireStaffPage(request, access);
  return { user, actor: staffActor(user) };
}

function kept<Kept extends string>(
  form: Record<string, string>,
  keep: readonly Kept[] | "all" | undefined,
): Record<Kept, string> {
  if (keep === "all") return { ...form } as Record<Kept, string>;
  return Object.fromEntries((keep ?? []).map((name) => [name, form[name] ?? ""])) as Record<
    Kept,
    string
  >;
}

function isFailure(value: unknown): value is Failure {
  return (
    typeof value === "object" &&
    value !== null &&
    !(value instanceof Response) &&
    "ok" in value &&
    value.ok === false
  );
}

/** A thrown `data(...)` (a 403 page, a 404): Remix renders it, so it passes through. */
function isDataWithResponseInit(value: unknown): boolean {
  return (
    typeof value === "object" &&
    value !== null &&
    "type" in value &&
    value.type === "DataWithResponseInit"
  );
}

/**
 * The services a booking or review form offers, by name. If they cannot be read the
 * failure is only logged and the form still shows (docs/spec/product-spec.md §8); sending
 * it then says why.
 */
export async function serviceOptions(): Promise<SelectOption[]> {
  try {
    const services = await getAllServices();
    return services.map((service) => ({ value: service._id, label: service.name }));
  } catch (error) {
    console.error("Loading the services for a form failed", error);
    return [];
  }
}
