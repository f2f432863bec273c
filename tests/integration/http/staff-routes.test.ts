/// <reference types="vite/client" />
// Who gets into every staff route and staff API, against a matrix written here by hand from
// the product's rules (docs/staff.md; docs/decisions/017-front-desk.md), never read
// from app/models/permissions.ts: a change to the app's table that lets a role in or out
// fails here until this matrix is changed too, on purpose. Every staff route found in
// app/routes must be in the matrix (a new one cannot be forgotten): its loader and action
// refuse a signed-out visitor (the guard, 401), a patient (403) and every staff role the
// matrix leaves out (403), and let the others through. The navigation lists exactly the
// staff screens that exist, each to the roles its route lets in.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { STAFF_SCREENS, staffRolesWith, type StaffHandle } from "~/models/permissions";
import { STAFF_ROLES, type StaffRole } from "~/models/roles";
import { discoverRoutes, fillPattern } from "../../support/route-discovery";
import { createUser, sessionFor } from "../../support/factories";
import { actionArgs, formPost, get, loaderArgs, settle } from "../../support/auth-helpers";

const EVERY_STAFF_ROLE = ["reception", "dentist", "admin"] as const;
const DESK = ["reception", "admin"] as const;
const ADMIN = ["admin"] as const;
// Reports: a dentist sees their own figures, an admin the clinic's; reception none.
const REPORTS = ["dentist", "admin"] as const;

/** Staff pages by route file: the roles whose loader and action answer them. */
const PAGE_MATRIX: Record<string, readonly StaffRole[]> = {
  "staff.tsx": EVERY_STAFF_ROLE,
  "staff._index.tsx": EVERY_STAFF_ROLE,
  "staff.patients._index.tsx": EVERY_STAFF_ROLE,
  // Every staff role opens a card; the model lets only the desk and admins change it.
  "staff.patients.$id.tsx": EVERY_STAFF_ROLE,
  // Two records of one person made one: an admin's act (docs/decisions/042-patient-records-and-merges.md).
  "staff.patients.$id_.merge.tsx": ADMIN,
  "staff.appointments.$id.tsx": EVERY_STAFF_ROLE,
  "staff.bookings.new.tsx": DESK,
  // The waiting list at the desk: who waits, offers by hand, "book now" (issue 31 item 11).
  "staff.waitlist.tsx": DESK,
  "staff.moderation.tsx": DESK,
  "staff.recall._index.tsx": DESK,
  "staff.recall.$id.tsx": DESK,
  "staff.recall-types.tsx": ADMIN,
  "staff.reports._index.tsx": REPORTS,
  "staff.reports.export.ts": REPORTS,
  "staff.services._index.tsx": ADMIN,
  "staff.services.new.tsx": ADMIN,
  "staff.services.$id.tsx": ADMIN,
  "staff.dentists._index.tsx": ADMIN,
  "staff.dentists.$id.tsx": ADMIN,
  "staff.chairs.tsx": ADMIN,
  "staff.closures.tsx": ADMIN,
  "staff.settings.tsx": ADMIN,
  // Failed mail: reception sees and resends it too (the desk answers the patient).
  "staff.outbox.tsx": DESK,
  "staff.messages.tsx": DESK,
  "staff.audit.tsx": ADMIN,
  // The forms patients fill and the retention of signed ones: the admin's
  // (docs/decisions/050-medical-history-and-consent-forms.md).
  "staff.forms._index.tsx": ADMIN,
  "staff.forms.$id.tsx": ADMIN,
  // A medical history is reviewed by the patient's dentists and administrators.
  "staff.forms.reviews.tsx": REPORTS,
  // The desk hands the patient the tablet.
  "staff.forms.desk.tsx": DESK,
  // Every role opens a signed form; the model shows it only to those with the need to know.
  "staff.forms.submissions.$id.tsx": EVERY_STAFF_ROLE,
  "staff.forms.submissions.$id_.pdf.ts": EVERY_STAFF_ROLE,
  // One's own account and signed-in devices: every staff member (issue 31 item 6).
  "staff.account.tsx": EVERY_STAFF_ROLE,
};

type ApiAccess = { method: string; roles: readonly StaffRole[] };

/** Staff APIs by route file: each method a client uses, and the roles it answers. */
const API_MATRIX: Record<string, readonly ApiAccess[]> = {
  // The diary's day for every staff role; a booking by the desk for reception and admins.
  "api.staff.appointments._index.ts": [
    { method: "GET", roles: EVERY_STAFF_ROLE },
    { method: "POST", roles: DESK },
  ],
  // Dentists get in; the model then lets them change only their own visits' status.
  "api.staff.appointments.$id.ts": [{ method: "PATCH", roles: EVERY_STAFF_ROLE }],
  "api.staff.patients.ts": [{ method: "GET", roles: EVERY_STAFF_ROLE }],
  "api.admin.outbox.ts": [{ method: "GET", roles: DESK }],
  "api.admin.outbox.$id.retry.ts": [{ method: "POST", roles: DESK }],
};

type RouteModule = {
  handle?: Partial<StaffHandle>;
  loader?: (args: LoaderFunctionArgs) => unknown;
  action?: (args: ActionFunctionArgs) => unknown;
};

const modules = import.meta.glob<RouteModule>([
  "../../../app/routes/staff*.{ts,tsx}",
  "../../../app/routes/api.staff*.ts",
  "../../../app/routes/api.admin*.ts",
]);

function found(isStaff: (pattern: string) => boolean) {
  return discoverRoutes()
    .filter((route) => isStaff(route.pattern))
    .map((route) => {
      const load = modules[`../../../app/routes/${route.file}`];
      if (!load) throw new Error(`app/routes/${route.file} was found but could not be imported`);
      return { ...route, load };
    });
}

const staffRoutes = found((pattern) => pattern === "/staff" || pattern.startsWith("/staff/"));
const staffApiRoutes = found(
  (pattern) => pattern.startsWith("/api/staff/") || pattern.startsWith("/api/admin/"),
);

const sessions = new Map<string, { cookie: string; token: string }>();
async function sessionOf(role: "patient" | StaffRole) {
  let session = sessions.get(role);
  if (!session) {
    session = await sessionFor(await createUser({ role }));
    sessions.set(role, session);
  }
  return session;
}

const paramsOf = (route: { params: string[] }) =>
  Object.fromEntries(route.params.map((name) => [name, "1"]));

/** The statuses a page route's loader and action answer (null for one it does not have). */
async function pageStatuses(route: (typeof staffRoutes)[number], cookie?: string) {
  const staffModule = await route.load();
  const url = fillPattern(route.pattern, {});
  const params = paramsOf(route);
  const { loader, action } = staffModule;
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

describe("the staff role matrix", () => {
  it("has a row for every staff route and staff API there is, and none for a route that is gone", () => {
    const pages = staffRoutes.map((route) => route.file).sort();
    const apis = staffApiRoutes.map((route) => route.file).sort();
    for (const file of pages) {
      expect(PAGE_MATRIX, `app/routes/${file}: add who may open it to PAGE_MATRIX`).toHaveProperty([
        file,
      ]);
    }
    for (const file of apis) {
      expect(API_MATRIX, `app/routes/${file}: add who may call it to API_MATRIX`).toHaveProperty([
        file,
      ]);
    }
    expect(Object.keys(PAGE_MATRIX).sort()).toEqual(pages);
    expect(Object.keys(API_MATRIX).sort()).toEqual(apis);
  });

  it.each(staffRoutes.map((route) => [route.file, route] as const))(
    "%s lets in exactly the roles the matrix names",
    async (file, route) => {
      const staffModule = await route.load();
      expect(
        staffModule.handle?.permission,
        `app/routes/${file} must export handle: StaffHandle ({ permission }) naming what its loader and action ask`,
      ).toBeDefined();
      expect(staffModule.loader ?? staffModule.action, `${file} has no loader`).toBeDefined();
      const allowed = PAGE_MATRIX[file]!;

      for (const status of Object.values(await pageStatuses(route))) {
        if (status !== null) expect(status, `a visitor at ${file}`).toBe(401);
      }
      const patient = await pageStatuses(route, (await sessionOf("patient")).cookie);
      for (const status of Object.values(patient)) {
        if (status !== null) expect(status, `a patient at ${file}`).toBe(403);
      }
      for (const role of STAFF_ROLES) {
        const seen = await pageStatuses(route, (await sessionOf(role)).cookie);
        for (const [kind, status] of Object.entries(seen)) {
          if (status === null) continue;
          if (allowed.includes(role)) {
            expect([401, 403], `${role} must pass the ${kind} of ${file}`).not.toContain(status);
          } else {
            expect(status, `${role} must be refused by the ${kind} of ${file}`).toBe(403);
          }
        }
      }
    },
  );

  it.each(
    staffApiRoutes.flatMap((route) =>
      (API_MATRIX[route.file] ?? []).map(
        (access) => [access.method, route.file, route, access] as const,
      ),
    ),
  )(
    "%s %s answers a visitor 401 and a role the matrix leaves out 403 in JSON, and lets the others through",
    async (_method, _file, route, { method, roles: allowed }) => {
      const apiModule = await route.load();
      const call = async (token?: string) => {
        const request = new Request(`http://localhost${fillPattern(route.pattern, {})}`, {
          method,
          headers: {
            "content-type": "application/json",
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: method === "GET" ? undefined : "{}",
        });
        const run = method === "GET" ? apiModule.loader : apiModule.action;
        const response = (await run!(actionArgs(request, undefined, paramsOf(route)))) as Response;
        return { status: response.status, body: (await response.json()) as { success?: boolean } };
      };
      expect(await call()).toMatchObject({ status: 401, body: { success: false } });
      expect(await call((await sessionOf("patient")).token)).toMatchObject({
        status: 403,
        body: { success: false },
      });
      for (const role of STAFF_ROLES) {
        const { status } = await call((await sessionOf(role)).token);
        if (allowed.includes(role)) {
          expect([401, 403], `${role} must get through ${method} ${route.pattern}`).not.toContain(
            status,
          );
        } else {
          expect(status, `${role} must be refused by ${method} ${route.pattern}`).toBe(403);
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
        `app/routes/${screen.file} is a staff screen: add it to STAFF_SCREENS in app/models/permissions.ts`,
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
      expect(staffRolesWith(screen.permission), screen.path).toEqual(
        STAFF_ROLES.filter((role) => PAGE_MATRIX[route!.file]!.includes(role)),
      );
    }
  });
});
