/// <reference types="vite/client" />
// formAction, the skeleton of every page's form (app/http/form-action.server.ts): who may
// post, the form, the handler, and how a refusal or an error comes back. And every page
// route with an action found in app/routes is written with it, in the shape the browser
// bundle can drop, with the headers that pass a refusal's Retry-After on to the browser
// (Remix does so only through the route's `headers`).
import { readFileSync } from "node:fs";
import path from "node:path";
import type { ActionFunctionArgs, HeadersFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { describe, expect, it, vi } from "vitest";
import {
  formAction,
  formPageHeaders,
  tokenPageHeaders,
  UNREADABLE_FORM_MESSAGE,
  type Access,
  type FormActionOptions,
} from "~/http/form-action.server";
import { DATABASE_BUSY_MESSAGE, fail, TRY_AGAIN_MESSAGE } from "~/utils/result";
import { STAFF_ONLY_MESSAGE } from "~/models/roles";
import { redirectWithToast } from "~/http/toast.server";
import { discoverRoutes } from "../../support/route-discovery";
import { createUser, sessionFor } from "../../support/factories";
import { actionArgs, formPost, settle, toastOf } from "../../support/auth-helpers";

type PageModule = { action?: (args: ActionFunctionArgs) => unknown; headers?: HeadersFunction };

const modules = import.meta.glob<PageModule>("../../../app/routes/*.{ts,tsx}");
const formPages = discoverRoutes().filter(
  (route) =>
    route.hasAction &&
    !route.pattern.startsWith("/api/") &&
    !route.file.startsWith("resources.") &&
    // Twilio's signed webhooks answer TwiML, not a page (docs/decisions/052-text-messages.md).
    !route.file.startsWith("webhooks."),
);

describe("every page route with an action", () => {
  it("are found in app/routes", () => {
    expect(formPages.map((route) => route.pattern)).toEqual(
      expect.arrayContaining(["/login", "/staff/settings", "/visit/:token/confirm"]),
    );
  });

  it.each(formPages.map((route) => [route.file, route] as const))(
    "%s is a formAction and passes a refusal's Retry-After on",
    async (file) => {
      const source = readFileSync(path.resolve("app/routes", file), "utf8");
      expect(
        source,
        `app/routes/${file}: write export const action = (args: ActionFunctionArgs) => formAction(args, {...})`,
      ).toMatch(
        /export const action = \(args: ActionFunctionArgs\) =>\s+(formAction|linkAction)\(args,/,
      );
      const page = await modules[`../../../app/routes/${file}`]!();
      // A page reached by a token in its address keeps nothing too (tokenPageHeaders).
      expect(
        [formPageHeaders, tokenPageHeaders],
        `app/routes/${file}: export const headers = formPageHeaders`,
      ).toContain(page.headers);
      const headers = new Headers(
        page.headers!({
          actionHeaders: new Headers({ "retry-after": "7" }),
          loaderHeaders: new Headers(),
          parentHeaders: new Headers(),
          errorHeaders: undefined,
        }),
      );
      expect(headers.get("retry-after")).toBe("7");
    },
  );
});

const post = (fields: Record<string, string>, cookie?: string) =>
  actionArgs(formPost("/somewhere?step=2", fields, cookie));

/** An action written with formAction, as a route writes it. */
function actionWith<A extends Access, Kept extends string, Answer, Refusal>(
  options: FormActionOptions<A, Kept, Answer, Refusal>,
) {
  return (args: ActionFunctionArgs) => formAction(args, options);
}

describe("formAction", () => {
  it("gives a refusal back under its status and Retry-After, with only the fields it keeps", async () => {
    const handler = vi.fn(async () => fail(429, "Too many.", 30));
    const action = actionWith({ access: "anyone", keep: ["email"], task: "Testing", handler });
    const answer = await settle(() => action(post({ email: "a@b.co", password: "secret1" })));
    expect(answer.status).toBe(429);
    expect(answer.headers.get("retry-after")).toBe("30");
    expect(answer.body).toEqual({ error: "Too many.", field: null, values: { email: "a@b.co" } });
    expect(handler).toHaveBeenCalledWith(
      expect.objectContaining({ form: { email: "a@b.co", password: "secret1" }, user: null }),
    );
  });

  it("sends a visitor without a session to sign in and back, before reading the form", async () => {
    const handler = vi.fn(async () => redirect("/"));
    const action = actionWith({ access: "signed in", task: "Testing", handler });
    const answer = await settle(() => action(post({})));
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/login?redirectTo=${encodeURIComponent("/somewhere?step=2")}`);
    const back = actionWith({ access: "signed in", returnTo: "/back", task: "Testing", handler });
    expect((await settle(() => back(post({})))).location).toBe("/login?redirectTo=%2Fback");
    expect(handler).not.toHaveBeenCalled();
  });

  it("lets staff in by permission: a patient gets the 403 page, an admin the handler with its actor", async () => {
    const handler = vi.fn(async () => redirect("/staff/settings"));
    const action = actionWith({ access: "settings.manage", task: "Testing", handler });
    const patient = await sessionFor(await createUser());
    const refused = await settle(() => action(post({}, patient.cookie)));
    expect(refused).toMatchObject({
      status: 403,
      body: { staffOnly: true, message: STAFF_ONLY_MESSAGE },
    });
    const admin = await createUser({ role: "admin" });
    const { cookie } = await sessionFor(admin);
    const allowed = await settle(() => action(post({}, cookie)));
    expect(allowed.status).toBe(302);
    expect(handler).toHaveBeenCalledWith(
      expect.objectContaining({ actor: { id: admin.id, role: "admin" } }),
    );
  });

  it("answers an error with the form again: logged, a 500 and a message to try again, never the error", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const action = actionWith({
      access: "anyone",
      keep: "all",
      task: "Testing the unexpected",
      handler: async () => {
        throw new Error("secret detail");
      },
    });
    const answer = await settle(() => action(post({ name: "Ann" })));
    expect(answer).toMatchObject({
      status: 500,
      body: { error: TRY_AGAIN_MESSAGE, values: { name: "Ann" } },
    });
    expect(JSON.stringify(answer.body)).not.toContain("secret detail");
    expect(errors).toHaveBeenCalledWith("Testing the unexpected failed", expect.any(Error));
    errors.mockRestore();
  });

  it("asks to try again in a moment when the database was busy (503, Retry-After)", async () => {
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
    const action = actionWith({
      access: "anyone",
      task: "Testing",
      handler: async () => {
        throw Object.assign(new Error("busy"), { code: "P1008" });
      },
    });
    const answer = await settle(() => action(post({})));
    expect(answer).toMatchObject({ status: 503, body: { error: DATABASE_BUSY_MESSAGE } });
    expect(answer.headers.get("retry-after")).toBe("2");
    warnings.mockRestore();
  });

  it("refuses a body that is not a form with 400, and lets a thrown redirect through", async () => {
    const action = actionWith({
      access: "anyone",
      task: "Testing",
      handler: async () => {
        throw redirect("/login");
      },
    });
    const unreadable = new Request("http://localhost/somewhere", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=x" },
      body: "not multipart",
    });
    expect(await settle(() => action(actionArgs(unreadable)))).toMatchObject({
      status: 400,
      body: { error: UNREADABLE_FORM_MESSAGE },
    });
    expect(await settle(() => action(post({})))).toMatchObject({
      status: 302,
      location: "/login",
    });
  });

  it("shapes every refusal with `refusal` when a page answers in place, or as a redirect", async () => {
    const action = actionWith({
      access: "anyone",
      task: "Testing",
      refusal: (failure) => ({ done: null, error: failure.message }),
      handler: async () => fail(410, "This link has expired."),
    });
    expect(await settle(() => action(post({})))).toMatchObject({
      status: 410,
      body: { done: null, error: "This link has expired." },
    });
    const toPage = actionWith({
      access: "anyone",
      task: "Testing",
      refusal: (failure) => redirectWithToast("/page", { type: "error", message: failure.message }),
      handler: async () => fail(429, "Too many."),
    });
    const redirected = await settle(() => toPage(post({})));
    expect(redirected).toMatchObject({ status: 302, location: "/page" });
    expect(await toastOf(redirected.headers)).toEqual({ type: "error", message: "Too many." });
  });
});
