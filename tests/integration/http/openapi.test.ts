/// <reference types="vite/client" />
// docs/openapi.yaml against the live routes: every app/routes/api.* file has an entry and
// every entry a route file; the methods each route answers (asked of the route itself:
// anything else is its 405) are the documented ones; and real answers validate against
// the documented schemas.
import { readFileSync } from "node:fs";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Ajv2020 } from "ajv/dist/2020.js";
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { seed } from "../../../prisma/seed-database";
import { prisma } from "~/infra/db.server";
import { createService, createUser, sessionFor, storeAppointment } from "../../support/factories";
import { TUESDAY, upcoming } from "../../support/clinic-dates";
import { TEST_PASSWORD } from "../../support/test-password";
import { discoverRoutes } from "../../support/route-discovery";
import { freshIp, jsonRequest } from "../../support/auth-helpers";

type Operation = { responses: Record<string, { content?: Record<string, { schema: object }> }> };
type OpenApi = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, unknown>;
};
type ApiModule = {
  loader?: (args: LoaderFunctionArgs) => Promise<Response>;
  action?: (args: ActionFunctionArgs) => Promise<Response>;
};

const FILE = "docs/openapi.yaml";
const doc = parse(readFileSync(FILE, "utf8")) as OpenApi;
const METHODS = ["get", "post", "put", "patch", "delete"] as const;
const modules = import.meta.glob<ApiModule>("../../../app/routes/api.*.ts");

/** `/api/get-product/:id` as OpenAPI writes it: `/api/get-product/{id}`. */
const openApiPath = (pattern: string) => pattern.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

// The splat route answers every /api path no other route names with a JSON 404: it is
// described in the document's introduction, not as a path.
const apiRoutes = discoverRoutes()
  .filter((route) => route.pattern.startsWith("/api/") && route.pattern !== "/api/*")
  .map((route) => ({ ...route, path: openApiPath(route.pattern) }));

/** The methods a route takes: every method it does not answer with 405. */
async function liveMethods(file: string, pattern: string) {
  const load = modules[`../../../app/routes/${file}`];
  if (!load) throw new Error(`app/routes/${file} could not be imported`);
  const routeModule = await load();
  const url = pattern.replace(/:[A-Za-z0-9_]+/g, "no-such-id");
  const taken: string[] = [];
  for (const method of METHODS) {
    const handler = method === "get" ? routeModule.loader : routeModule.action;
    if (!handler) continue;
    const request = jsonRequest(url, method.toUpperCase(), method === "get" ? undefined : {});
    const response = await handler({
      request,
      params: { id: "no-such-id", page: "1" },
      context: { clientIp: freshIp() },
    } as LoaderFunctionArgs & ActionFunctionArgs);
    if (response.status !== 405) taken.push(method);
  }
  return taken;
}

describe(FILE, () => {
  it("is OpenAPI 3.1", () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
  });

  it("documents every /api route file", () => {
    const missing = apiRoutes.filter((route) => !doc.paths[route.path]);
    expect(
      missing.map((route) => `${route.path} (app/routes/${route.file})`),
      `Add these routes to ${FILE} under paths:, with their methods, parameters and responses`,
    ).toEqual([]);
  });

  it("documents no route that does not exist", () => {
    const live = new Set(apiRoutes.map((route) => route.path));
    const stale = Object.keys(doc.paths).filter((path) => !live.has(path));
    expect(stale, `${FILE} documents paths no app/routes/api.* file serves`).toEqual([]);
  });

  it.each(apiRoutes.map((route) => [route.path, route] as const))(
    "%s: the documented methods are the ones the route takes",
    async (path, route) => {
      const documented = Object.keys(doc.paths[path] ?? {}).filter((key) =>
        (METHODS as readonly string[]).includes(key),
      );
      expect(
        (await liveMethods(route.file, route.pattern)).sort(),
        `Methods of ${path} (app/routes/${route.file}) against ${FILE}`,
      ).toEqual(documented.sort());
    },
  );
});

describe("real answers match the documented schemas", () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addFormat(
    "date-time",
    (value: string) => /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)),
  );
  let checked = 0;

  function expectDocumented(path: string, method: string, status: number, body: unknown) {
    const response = doc.paths[path]?.[method]?.responses[String(status)];
    expect(
      response,
      `${FILE} has no ${status} answer for ${method.toUpperCase()} ${path}`,
    ).toBeDefined();
    let resolved = response as Record<string, unknown>;
    if (typeof resolved.$ref === "string") {
      const name = resolved.$ref.split("/").pop()!;
      resolved = (doc.components.responses as Record<string, Record<string, unknown>>)[name]!;
    }
    const schema = (resolved.content as Record<string, { schema: object }>)["application/json"]!
      .schema;
    // The whole document's components travel along, so "#/components/..." resolves.
    const validate = ajv.compile({ ...schema, components: doc.components });
    const valid = validate(body);
    expect(
      valid,
      `${method.toUpperCase()} ${path} ${status}: ${ajv.errorsText(validate.errors)}`,
    ).toBe(true);
    checked += 1;
  }

  async function call(
    path: string,
    method: string,
    init: { body?: unknown; token?: string; params?: Record<string, string> } = {},
  ) {
    const route = apiRoutes.find((entry) => entry.path === path)!;
    const routeModule = await modules[`../../../app/routes/${route.file}`]!();
    const handler = method === "get" ? routeModule.loader! : routeModule.action!;
    const url = path.replace(/\{(\w+)\}/g, (_, name: string) => init.params?.[name] ?? "");
    const response = await handler({
      request: jsonRequest(
        url,
        method.toUpperCase(),
        init.body,
        init.token ? { authorization: `Bearer ${init.token}` } : {},
      ),
      params: init.params ?? {},
      context: { clientIp: freshIp() },
    } as LoaderFunctionArgs & ActionFunctionArgs);
    const body = (await response.json()) as unknown;
    expectDocumented(path, method, response.status, body);
    return { status: response.status, body: body as Record<string, unknown> };
  }

  beforeAll(async () => {
    await seed(prisma, { demoAccounts: false });
  });

  it("for the catalogue and reviews reads", async () => {
    expect((await call("/api/product-count", "get")).status).toBe(200);
    expect((await call("/api/product-list/{page}", "get", { params: { page: "1" } })).status).toBe(
      200,
    );
    expect(
      (await call("/api/product-list/{page}", "get", { params: { page: "abc" } })).status,
    ).toBe(400);
    expect((await call("/api/get-product", "get")).status).toBe(200);
    const service = await createService();
    expect(
      (await call("/api/get-product/{id}", "get", { params: { id: service.id } })).status,
    ).toBe(200);
    expect((await call("/api/get-product/{id}", "get", { params: { id: "nope" } })).status).toBe(
      404,
    );
    expect((await call("/api/reviews", "get")).status).toBe(200);
  });

  it("for sign-in, a review, refusals and the token check", async () => {
    const user = await createUser();
    const login = await call("/api/login", "post", {
      body: { email: user.email, password: TEST_PASSWORD },
    });
    expect(login.status).toBe(200);
    const token = login.body.token as string;
    expect((await call("/api/login", "post", { body: { email: user.email } })).status).toBe(400);
    const service = await createService();
    expect(
      (
        await call("/api/create-review", "post", {
          token,
          body: { service: service.id, name: "Doc", message: "Fine", rating: "5" },
        })
      ).status,
    ).toBe(201);
    expect((await call("/api/create-review", "post", { body: {} })).status).toBe(401);
    expect((await call("/api/user-auth", "get", { token })).status).toBe(200);
    expect((await call("/api/user-auth", "get")).status).toBe(401);
    const { token: other } = await sessionFor(await createUser());
    expect(
      (
        await call("/api/profile", "put", {
          token: other,
          body: { name: "New Name", address: "1 Road", userImage: "" },
        })
      ).status,
    ).toBe(200);
    expect(checked).toBeGreaterThanOrEqual(8);
  });

  it("for the forms (ADR 050)", async () => {
    const user = await createUser();
    await prisma.user.update({ where: { id: user.id }, data: { dateOfBirth: "1980-05-17" } });
    const { token } = await sessionFor(user);
    await storeAppointment({
      userId: user.id,
      serviceId: (await createService()).id,
      date: upcoming(TUESDAY, 2),
      time: "09:00",
    });
    const listed = await call("/api/me/forms", "get", { token });
    expect((listed.body.forms as unknown[]).length).toBeGreaterThan(0);
    expect((await call("/api/me/forms", "get")).status).toBe(401);
    const post = (id: string, body: unknown) =>
      call("/api/me/forms/{id}", "post", { token, params: { id }, body });
    expect((await post("privacy-consent", { answers: {}, signature: "A" })).status).toBe(400);
    expect((await post("no-such-form", { answers: {}, signature: "A" })).status).toBe(404);
    expect(
      (
        await post("privacy-consent", {
          answers: { record: true, reminders: true, recall: false },
          signature: "Ada Lovelace",
        })
      ).status,
    ).toBe(201);
  });
});
