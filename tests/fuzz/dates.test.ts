// Extreme dates on every date parameter of every route (issue 21.2), over HTTP against the
// production build: query strings, forms and API bodies, as the roles that reach them. No
// answer is a 5xx, the server answers /healthz after each request, a date outside the
// accepted window (app/validation/dates.ts) is refused with its message (a 400, or the
// form's message), and nothing is stored for one.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedLinkToken } from "../support/link-token";
import { addDays, clinicNow, weekdayOf } from "~/utils/clinic-time";
import { acceptedDateRange, dateOutOfRangeMessage } from "~/validation/dates";
import { testPorts } from "../support/ports.mjs";
import {
  NO_RATE_LIMITS,
  startProductionServer,
  type ProductionServer,
} from "../support/production-server";
import { discoverRoutes } from "../support/route-discovery";

const today = clinicNow().date;
const window = acceptedDateRange();

/** Outside the window, or no date at all: each must be refused. */
const REFUSED = [
  "0000-01-01",
  "9999-12-31",
  "9999-12-27",
  "275760-09-13",
  "+275760-09-13",
  "-000001-01-01",
  "2027-02-29",
  "2026-13-01",
  "2026-1-1",
  "junk",
  "2026-12-01T00:00",
  "１９９９-01-01",
  addDays(window.from, -1),
  addDays(window.to, 1),
];

/** Inside the window: any answer but a 5xx (the route's own rules may still refuse them). */
function nextWeekday(from: string, weekday: number) {
  let date = from;
  while (weekdayOf(date) !== weekday) date = addDays(date, 1);
  return date;
}
const ACCEPTED = [
  window.from,
  window.to,
  // Both days the clinic's clocks change (America/New_York): the second Sunday of March, the
  // first Sunday of November, next year.
  nextWeekday(`${Number(today.slice(0, 4)) + 1}-03-08`, 0),
  nextWeekday(`${Number(today.slice(0, 4)) + 1}-11-01`, 0),
  "2028-02-29",
];

type Who = "none" | "patient" | "dentist" | "admin";
type Target = {
  /** The route's pattern, as tests/support/route-discovery.ts names it. */
  route: string;
  method: "GET" | "POST" | "PATCH";
  who: Who;
  /** The request for one date. */
  request: (date: string) => { path: string; body?: Record<string, string>; json?: boolean };
  /** A GET whose date only preselects a form field: it falls back to its default instead. */
  prefillOnly?: boolean;
};

let server: ProductionServer;
let ids: {
  service: string;
  patient: string;
  appointment: string;
  visitToken: string;
  dentist: string;
  recall: string;
};
const sessions = {} as Record<Exclude<Who, "none">, { cookie: string; token: string }>;

beforeAll(async () => {
  server = await startProductionServer({
    port: testPorts().fuzzDates,
    env: { ...NO_RATE_LIMITS, RATE_LIMIT_STAFF_WRITES_PER_MINUTE: "1000000" },
  });
  const db = server.db();
  const patient = await server.signedInUser();
  sessions.patient = patient;
  sessions.dentist = await server.signedInUser({ role: "dentist" });
  sessions.admin = await server.signedInUser({ role: "admin" });
  const service = await db.service.findUniqueOrThrow({ where: { slug: "dental-checkup" } });
  const day = nextWeekday(addDays(today, 20), 2);
  const startsAt = new Date(`${day}T15:00:00Z`);
  const appointment = await db.appointment.create({
    data: {
      userId: patient.user.id,
      serviceId: service.id,
      name: patient.user.name,
      email: patient.user.email,
      phone: "+1 555 0100",
      message: "",
      date: day,
      time: "10:00",
      dentistId: "dentist-first",
      chairId: "chair-1",
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
    },
  });
  ids = {
    service: service.id,
    patient: patient.user.id,
    appointment: appointment.id,
    visitToken: await storedLinkToken(db, appointment),
    dentist: "dentist-first",
    recall: (
      await db.patientRecall.create({
        data: {
          userId: patient.user.id,
          recallTypeId: (await db.recallType.findFirstOrThrow()).id,
          dueDate: addDays(today, 90),
        },
      })
    ).id,
  };
}, 120_000);

afterAll(async () => {
  await server?.stop();
}, 30_000);

const q = encodeURIComponent;

const booking = (date: string) => ({
  service: ids.service,
  name: "Date Fuzz",
  email: "date-fuzz@example.com",
  phone: "+1 555 0100",
  date,
  time: "10:00",
  message: "Any date at all",
});

const TARGETS: Target[] = [
  {
    route: "/staff/reports",
    method: "GET",
    who: "admin",
    request: (d) => ({ path: `/staff/reports?from=${q(d)}&to=${q(d)}&by=week` }),
  },
  {
    route: "/staff/recall/:id",
    method: "POST",
    who: "admin",
    request: (d) => ({
      path: `/staff/recall/${ids.recall}`,
      body: { intent: "change", intervalMonths: "", dueDate: d },
    }),
  },
  {
    route: "/staff",
    method: "GET",
    who: "dentist",
    request: (d) => ({ path: `/staff?date=${q(d)}` }),
  },
  {
    route: "/staff",
    method: "GET",
    who: "admin",
    request: (d) => ({ path: `/staff?date=${q(d)}&view=chair&layout=list` }),
  },
  {
    route: "/staff/appointments/:id",
    method: "GET",
    who: "admin",
    request: (d) => ({ path: `/staff/appointments/${ids.appointment}?moveDate=${q(d)}` }),
  },
  {
    route: "/staff/appointments/:id",
    method: "POST",
    who: "admin",
    request: (d) => ({
      path: `/staff/appointments/${ids.appointment}`,
      body: { intent: "move", date: d, time: "10:00", dentist: "", chair: "" },
    }),
  },
  {
    route: "/api/staff/appointments",
    method: "GET",
    who: "dentist",
    request: (d) => ({ path: `/api/staff/appointments?date=${q(d)}` }),
  },
  {
    route: "/api/staff/appointments/:id",
    method: "PATCH",
    who: "admin",
    request: (d) => ({
      path: `/api/staff/appointments/${ids.appointment}`,
      body: { date: d, time: "10:00" },
      json: true,
    }),
  },
  {
    route: "/staff/bookings/new",
    method: "GET",
    who: "admin",
    request: (d) => ({
      path: `/staff/bookings/new?patient=${ids.patient}&service=${ids.service}&dentist=any&date=${q(d)}`,
    }),
  },
  // The desk's first free times: the day they start from and the day a link chose to book.
  ...(["from", "day"] as const).map((name): Target => ({
    route: "/staff/bookings/new",
    method: "GET",
    who: "admin",
    request: (d) => ({
      path: `/staff/bookings/new?patient=${ids.patient}&service=${ids.service}&dentist=any&${name}=${q(d)}`,
    }),
  })),
  {
    route: "/staff/bookings/new",
    method: "POST",
    who: "admin",
    request: (d) => ({
      path: "/staff/bookings/new",
      body: {
        intent: "book",
        patientId: ids.patient,
        service: ids.service,
        dentist: "any",
        date: d,
        time: "10:00",
        message: "",
      },
    }),
  },
  {
    route: "/staff/closures",
    method: "POST",
    who: "admin",
    request: (d) => ({
      path: "/staff/closures",
      body: { intent: "add", name: "Date fuzz closure", startDate: d, endDate: d },
    }),
  },
  {
    route: "/staff/closures",
    method: "POST",
    who: "admin",
    request: (d) => ({
      path: "/staff/closures",
      body: {
        intent: "add",
        name: "Date fuzz closure",
        startDate: addDays(today, 400),
        endDate: d,
      },
    }),
  },
  {
    route: "/staff/dentists/:id",
    method: "POST",
    who: "admin",
    request: (d) => ({
      path: `/staff/dentists/${ids.dentist}`,
      body: { intent: "add-exception", startDate: d, endDate: d, kind: "off", note: "" },
    }),
  },
  {
    route: "/resources/free-slots",
    method: "GET",
    who: "none",
    request: (d) => ({
      path: `/resources/free-slots?date=${q(d)}&service=${ids.service}&dentist=any`,
    }),
  },
  {
    route: "/make-appointment",
    method: "POST",
    who: "patient",
    request: (d) => ({ path: "/make-appointment", body: booking(d) }),
  },
  {
    route: "/api/create-appointment",
    method: "POST",
    who: "patient",
    request: (d) => ({ path: "/api/create-appointment", body: booking(d), json: true }),
  },
  {
    route: "/user/appointments/:id/reschedule",
    method: "GET",
    who: "patient",
    request: (d) => ({ path: `/user/appointments/${ids.appointment}/reschedule?date=${q(d)}` }),
  },
  {
    route: "/user/appointments/:id/reschedule",
    method: "POST",
    who: "patient",
    request: (d) => ({
      path: `/user/appointments/${ids.appointment}/reschedule`,
      body: { date: d, time: "10:00" },
    }),
  },
  {
    route: "/visit/:token/reschedule",
    method: "GET",
    who: "none",
    request: (d) => ({ path: `/visit/${ids.visitToken}/reschedule?date=${q(d)}` }),
  },
  {
    route: "/visit/:token/reschedule",
    method: "POST",
    who: "none",
    request: (d) => ({
      path: `/visit/${ids.visitToken}/reschedule`,
      body: { date: d, time: "10:00" },
    }),
  },
  {
    route: "/user/waitlist",
    method: "GET",
    who: "patient",
    prefillOnly: true,
    request: (d) => ({ path: `/user/waitlist?service=${ids.service}&date=${q(d)}` }),
  },
  ...(["fromDate", "toDate"] as const).map((field): Target => ({
    route: "/user/waitlist",
    method: "POST",
    who: "patient",
    request: (d) => ({
      path: "/user/waitlist",
      body: {
        intent: "join",
        service: ids.service,
        dentist: "",
        fromDate: addDays(today, 2),
        toDate: addDays(today, 9),
        partOfDay: "any",
        phone: "+1 555 0100",
        [field]: d,
      },
    }),
  })),
];

async function send(target: Target, date: string) {
  const { path: pathname, body, json } = target.request(date);
  const headers: Record<string, string> = { origin: server.url };
  if (target.who !== "none") {
    const session = sessions[target.who];
    if (pathname.startsWith("/api/")) headers.authorization = `Bearer ${session.token}`;
    else headers.cookie = session.cookie;
  }
  let payload: string | undefined;
  if (body) {
    headers["content-type"] = json ? "application/json" : "application/x-www-form-urlencoded";
    payload = json ? JSON.stringify(body) : new URLSearchParams(body).toString();
  }
  const response = await fetch(`${server.url}${pathname}`, {
    method: target.method,
    headers,
    body: payload,
    redirect: "manual",
  });
  return { status: response.status, text: await response.text() };
}

describe("extreme dates", () => {
  it("cover every route whose module reads a date parameter", () => {
    const covered = new Set(TARGETS.map((target) => target.route));
    const readers = discoverRoutes().filter((route) =>
      // A field's name or a parameter read (name="date", get("date"), param("date"),
      // field("date"), dateParam(query, "date")), not an input's type="date" or a word in a
      // help text.
      /(name=|get\(|param\(|field\(|, )"(date|moveDate|startDate|endDate|fromDate|toDate)"/.test(
        readFileSync(path.join("app/routes", route.file), "utf8"),
      ),
    );
    expect(readers.length).toBeGreaterThan(5);
    for (const route of readers) expect(covered, route.pattern).toContain(route.pattern);
  });

  it.each(TARGETS.map((target) => [`${target.method} ${target.route} as ${target.who}`, target]))(
    "%s: never a 5xx, the server stays up, refused dates get their message",
    async (_name, target) => {
      const rangeMessage = dateOutOfRangeMessage(window);
      for (const date of [...REFUSED, ...ACCEPTED]) {
        const answer = await send(target, date);
        const what = `${target.method} ${target.request(date).path} -> ${answer.status}: ${answer.text.slice(0, 200)}`;
        expect(answer.status, what).toBeLessThan(500);
        const health = await fetch(`${server.url}/healthz`);
        expect(health.status, `after ${what}`).toBe(200);
        await health.arrayBuffer();
        if (!REFUSED.includes(date) || target.prefillOnly) continue;
        // A 400 (the page's or the API's), or the form again with its message.
        expect(answer.status === 400 || answer.status === 200, what).toBe(true);
        if (date === addDays(window.to, 1) || date === "9999-12-31") {
          expect(answer.text, what).toContain(rangeMessage);
        }
      }
    },
    120_000,
  );

  it("stored nothing with a refused date, and the server logged no error", async () => {
    const db = server.db();
    const dates = (field: string) => [
      { [field]: { lt: window.from } },
      { [field]: { gt: window.to } },
    ];
    expect(
      await db.clinicClosure.count({ where: { OR: [...dates("startDate"), ...dates("endDate")] } }),
    ).toBe(0);
    expect(await db.patientRecall.count({ where: { OR: dates("dueDate") } })).toBe(0);
    expect(
      await db.dentistException.count({
        where: { OR: [...dates("startDate"), ...dates("endDate")] },
      }),
    ).toBe(0);
    expect(await db.appointment.count({ where: { OR: dates("date") } })).toBe(0);
    expect(
      await db.waitlistEntry.count({ where: { OR: [...dates("fromDate"), ...dates("toDate")] } }),
    ).toBe(0);
    expect(server.requestLog().filter((line) => line.status >= 500)).toEqual([]);
    expect(server.output()).not.toMatch(/unhandled rejection|RangeError|Unexpected Server Error/);
    // The admin's closures screen opens, even beside a closure stored before the rule.
    await db.clinicClosure.create({
      data: { name: "Stored before the rule", startDate: "9999-12-25", endDate: "9999-12-31" },
    });
    const closures = await fetch(`${server.url}/staff/closures`, {
      headers: { cookie: sessions.admin.cookie },
    });
    expect(closures.status).toBe(200);
    expect(await closures.text()).toContain("Stored before the rule");
  });
});
