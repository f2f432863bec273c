/// <reference types="vite/client" />
// Every staff route found in app/routes (so a new one cannot be forgotten): its loader and
// action refuse a signed-out visitor (the guard, 401), a patient (403) and every staff role
// without the permission its handle names (403), and let the roles with it through. The
// navigation lists exactly the staff screens that exist. Which roles those are is guarded
// apart, by hand: tests/integration/role-matrix.test.ts.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { STAFF_ROLES, type StaffRole } from "~/utils/roles";
import { STAFF_SCREENS, staffRolesWith, type StaffHandle } from "~/utils/permissions";
import { discoverRoutes, fillPattern } from "../support/route-discovery";
import { createUser, sessionFor } from "../support/factories";
import { actionArgs, formPost, get, loaderArgs, settle } from "./auth-helpers";

type StaffModule = {
  handle?: Partial<StaffHandle>;
  loader?: (args: LoaderFunctionArgs) => unknown;
  action?: (args: ActionFunctionArgs) => unknown;
};

const modules = import.meta.glob<StaffModule>("../../app/routes/staff*.{ts,tsx}");
const staffRoutes = discoverRoutes()
  .filter((route) => route.pattern === "/staff" || route.pattern.startsWith("/staff/"))
  .map((route) => {
    const load = modules[`../../app/routes/${route.file}`];
    if (!load) throw new Error(`app/routes/${route.file} was found but could not be imported`);
    return { ...route, load };
  });

const cookies = new Map<string, string>();
async function cookieFor(role: "patient" | StaffRole) {
  let cookie = cookies.get(role);
  if (!cookie) {
    cookie = (await sessionFor(await createUser({ role }))).cookie;
    cookies.set(role, cookie);
  }
  return cookie;
}

async function statuses(
  route: (typeof staffRoutes)[number],
  staffModule: StaffModule,
  cookie?: string,
) {
  const url = fillPattern(route.pattern, {});
  const params = Object.fromEntries(route.params.map((name) => [name, "1"]));
  const loader = staffModule.loader;
  const action = staffModule.action;
  return {
    loader: loader
      ? (await settle(() => loader(loaderArgs(get(url, cookie), params)))).status
      : null,
    action: action
      ? (await settle(() => action(actionArgs(formPost(url, {}, cookie), undefined, params))))
          .status
      : null,
  };
}

describe("staff routes", () => {
  it("are found in app/routes", () => {
    expect(staffRoutes.map((route) => route.pattern)).toEqual(
      expect.arrayContaining(["/staff", "/staff/moderation", "/staff/audit"]),
    );
  });

  it.each(staffRoutes.map((route) => [route.file, route] as const))(
    "%s refuses visitors, patients and the staff roles it does not name",
    async (file, route) => {
      const staffModule = await route.load();
      const permission = staffModule.handle?.permission;
      expect(
        permission,
        `app/routes/${file} must export handle: StaffHandle ({ permission }) naming what its loader and action ask`,
      ).toBeDefined();
      const roles = staffRolesWith(permission!);
      expect(staffModule.loader ?? staffModule.action, `${file} has no loader`).toBeDefined();

      const visitor = await statuses(route, staffModule);
      for (const status of Object.values(visitor)) if (status !== null) expect(status).toBe(401);

      const patient = await statuses(route, staffModule, await cookieFor("patient"));
      for (const status of Object.values(patient)) if (status !== null) expect(status).toBe(403);

      for (const role of STAFF_ROLES) {
        const seen = await statuses(route, staffModule, await cookieFor(role));
        for (const [kind, status] of Object.entries(seen)) {
          if (status === null) continue;
          if (roles.includes(role)) {
            expect([401, 403], `${role} must pass the ${kind} of ${file}`).not.toContain(status);
          } else {
            expect(status, `${role} must be refused by the ${kind} of ${file}`).toBe(403);
          }
        }
      }
    },
  );
});

describe("the staff navigation", () => {
  it("links every staff screen that exists, and only those", () => {
    // Screens are the staff pages without parameters; the layout itself is /staff's frame.
    const screens = staffRoutes.filter(
      (route) => !route.isResource && route.params.length === 0 && route.file !== "staff.tsx",
    );
    const listed = STAFF_SCREENS.map((screen) => screen.path);
    for (const screen of screens) {
      expect(
        listed,
        `app/routes/${screen.file} is a staff screen: add it to STAFF_SCREENS in app/utils/permissions.ts`,
      ).toContain(screen.pattern);
    }
    for (const path of listed) {
      expect(
        screens.map((screen) => screen.pattern),
        `STAFF_SCREENS links ${path}, but no route file serves it`,
      ).toContain(path);
    }
  });

  it("shows each screen to exactly the roles its route lets in", async () => {
    for (const screen of STAFF_SCREENS) {
      const route = staffRoutes.find(
        (entry) => entry.pattern === screen.path && entry.file !== "staff.tsx",
      );
      const staffModule = await route!.load();
      expect(staffRolesWith(staffModule.handle!.permission!), screen.path).toEqual(
        staffRolesWith(screen.permission),
      );
    }
  });
});

type ApiModule = {
  loader?: (args: LoaderFunctionArgs) => unknown;
  action?: (args: ActionFunctionArgs) => unknown;
};
const apiModules = import.meta.glob<ApiModule>("../../app/routes/api.staff*.ts");
const staffApiRoutes = discoverRoutes()
  .filter((route) => route.pattern.startsWith("/api/staff"))
  .map((route) => {
    const load = apiModules[`../../app/routes/${route.file}`];
    if (!load) throw new Error(`app/routes/${route.file} was found but could not be imported`);
    return { ...route, load };
  });

const tokens = new Map<string, string>();
async function tokenFor(role: "patient" | StaffRole) {
  let token = tokens.get(role);
  if (!token) {
    token = (await sessionFor(await createUser({ role }))).token;
    tokens.set(role, token);
  }
  return token;
}

describe("staff API routes", () => {
  it("are found in app/routes", () => {
    expect(staffApiRoutes.map((route) => route.pattern)).toEqual(
      expect.arrayContaining(["/api/staff/appointments", "/api/staff/appointments/:id"]),
    );
  });

  it.each(staffApiRoutes.map((route) => [route.file, route] as const))(
    "%s answers a visitor 401 and a patient 403 in JSON, and lets staff through",
    async (_file, route) => {
      const apiModule = await route.load();
      const url = fillPattern(route.pattern, {});
      const params = Object.fromEntries(route.params.map((name) => [name, "1"]));
      const call = async (method: string, token?: string) => {
        const request = new Request(`http://localhost${url}`, {
          method,
          headers: {
            "content-type": "application/json",
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: method === "GET" ? undefined : "{}",
        });
        const run = method === "GET" ? apiModule.loader : apiModule.action;
        const response = (await run!(actionArgs(request, undefined, params))) as Response;
        return { status: response.status, body: (await response.json()) as { success?: boolean } };
      };
      const method = route.pattern.includes(":id") ? "PATCH" : "GET";
      const visitor = await call(method);
      expect(visitor).toMatchObject({ status: 401, body: { success: false } });
      expect((await call(method, await tokenFor("patient"))).status).toBe(403);
      for (const role of STAFF_ROLES) {
        expect([401, 403]).not.toContain((await call(method, await tokenFor(role))).status);
      }
    },
  );
});
