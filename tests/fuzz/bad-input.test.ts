// Generated bad input (fast-check) against every page action and every /api route that
// exists, over HTTP against the production build: no 5xx ever, every API refusal is
// `{ success: false, message }`, and stored text comes back escaped.
import { rmSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NAME_CHARACTERS_MESSAGE } from "~/validation/fields";
import { NULL_CHARACTER_BODY_MESSAGE, NULL_CHARACTER_FORM_MESSAGE } from "~/validation/form";
import { twilioSignature } from "~/models/sms/signature.server";
import { TMP_DIR } from "../support/paths";
import { testPorts } from "../support/ports.mjs";
import {
  NO_RATE_LIMITS,
  startProductionServer,
  type ProductionServer,
} from "../support/production-server";
import { discoverRoutes, fillPattern, type DiscoveredRoute } from "../support/route-discovery";

const PORT = testPorts().fuzz;
const WEBHOOK_TOKEN = "fuzz-twilio-token";
/** At least 1,000 malformed requests in all, spread over the routes found. */
const TOTAL_RUNS = Number(process.env.FUZZ_RUNS || 1200);

// Routes that leave the site (Google's consent screen) have nothing of ours to fuzz.
const EXCLUDED = new Set(["/auth/google", "/auth/google/callback"]);
const targets: DiscoveredRoute[] = discoverRoutes().filter(
  (route) => !EXCLUDED.has(route.pattern) && (route.hasAction || route.pattern.startsWith("/api/")),
);
// Twenty runs cover a public route's refusals (each run mixes encodings, auth and fields);
// the floor of 50 sent 3,200 requests where 1,200 were asked for. A staff route gets 60,
// three in four of them its own form's fields, valid or nearly (`ownForm` below): with
// every route drawing from every staff form, 150 were needed before one change often got
// past every check, and they were two thirds of the suite's time.
const runsPerRoute = Math.max(20, Math.ceil(TOTAL_RUNS / Math.max(1, targets.length)));
const STAFF_RUNS_PER_ROUTE = 60;

let server: ProductionServer;
let userId: string;
let staffId: string;
let serviceId: string;
let reviewId: string;
let appointmentId: string;
let patientId: string;
let duplicateId: string;
let waitingEntryId: string;

beforeAll(async () => {
  server = await startProductionServer({
    port: PORT,
    // The suite is one client sending many writes on purpose.
    // The staff forms are fuzzed as one admin: its own limit must not answer them first.
    env: {
      ...NO_RATE_LIMITS,
      RATE_LIMIT_STAFF_WRITES_PER_MINUTE: "1000000",
      // Signed requests get past the webhooks' signature check (Twilio's webhooks below).
      TWILIO_AUTH_TOKEN: WEBHOOK_TOKEN,
      SMS_PROVIDER: "file",
      SMS_DIR: path.join(TMP_DIR, `sms-${PORT}`),
    },
  });
  userId = (await server.signedInUser()).user.id;
  // Staff screens' actions are reached with an admin's session (every staff role's screens).
  staffId = (await server.signedInUser({ role: "admin" })).user.id;
  serviceId = (await server.db().service.findFirstOrThrow()).id;
  reviewId = (await server.db().review.findFirstOrThrow()).id;
  // A patient record to edit and one to merge into it (desk records: no account).
  const record = (name: string) =>
    server.db().user.create({
      data: { name, email: `${name.replace(/\W/g, "-")}@example.com`, passwordHash: null },
      select: { id: true },
    });
  patientId = (await record("Fuzz Record")).id;
  duplicateId = (await record("Fuzz Duplicate")).id;
  // A place on the waiting list for the desk's offers by hand (/staff/waitlist).
  waitingEntryId = (
    await server.db().waitlistEntry.create({
      data: {
        userId,
        serviceId,
        fromDate: "2099-01-01",
        toDate: "2099-01-20",
        phone: "+1 555 0100",
      },
      select: { id: true },
    })
  ).id;
  // Staff routes need a staff session to reach their writes, and a real visit to change.
  const startsAt = new Date(Date.now() + 7 * 86_400_000);
  appointmentId = (
    await server.db().appointment.create({
      data: {
        userId,
        serviceId,
        name: "Fuzz Visit",
        email: "fuzz@example.com",
        phone: "+1 555 0100",
        message: "",
        date: "2099-01-05",
        time: "10:00",
        dentistId: "dentist-first",
        chairId: "chair-1",
        startsAt,
        endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      },
    })
  ).id;
}, 120_000);

afterAll(async () => {
  await server?.stop();
  rmSync(path.join(TMP_DIR, `outbox-${PORT}`), { recursive: true, force: true });
}, 30_000);

const FIELDS = [
  "name",
  "email",
  "password",
  "newPassword",
  "confirmPassword",
  "userImage",
  "address",
  "description",
  "price",
  "photo",
  "category",
  "service",
  "phone",
  "date",
  "time",
  "message",
  "rating",
  "checked",
  "radio",
  "page",
  "redirectTo",
  "intent",
  "id",
  "reviewId",
  "dentist",
  "fromDate",
  "toDate",
  "partOfDay",
  "entryId",
  // The forms (ADR 050): the API's body, the page's and the tablet's fields.
  "answers",
  "signature",
  "drawing",
  "appointment",
  "patient",
  "visit",
  "formId",
  "code",
  "dateOfBirth",
  "signatureName",
  "signatureDrawing",
  "answer-allergy-latex",
  "answer-smoking",
  "answer-joint-replacement-date",
  "session",
  // The family's forms (issue 35): whom a booking is for, a member added or removed.
  "patient",
  "dateOfBirth",
  "relationship",
  "memberId",
  "guardianId",
  "family",
];

const nasty = fc.constantFrom(
  "' OR 1=1 --",
  "'; DROP TABLE User; --",
  '" UNION SELECT passwordHash FROM User --',
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  "\u0000",
  "\u202e\u200b\ufeff",
  "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🦷🦷🦷",
  "\ud800",
  "../../etc/passwd",
  "%00%27",
  "{{7*7}}${7*7}",
  "NaN",
  "Infinity",
  "-1",
  "1e309",
  "2026-02-30",
  "25:61",
  "__proto__",
  "//evil.example",
  " ",
  // Valid values of the staff forms, so the fuzz also gets past their first check;
  // "real" becomes a real record's id.
  "hide",
  "restore",
  "real",
  // ... and of the waiting list's.
  "join",
  "leave",
  "accept",
  "decline",
  "afternoon",
  // ... and of the forms'.
  "medical-history",
  "yes",
  "no",
  "sign",
  "confirm",
  "finish",
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=",
);

// Names with a header's line break, a tab, C1 controls and Unicode's separators, in the
// fields only: a line break in an address's path never reaches a route (Remix's splat does
// not match across it).
const lineBreaks = fc.constantFrom(
  "Mal Lory\r\nBcc: everyone@example.com",
  "Mal\tLory\u0085\u009b\u2028\u2029",
);

const scalar: fc.Arbitrary<unknown> = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ minLength: 5_000, maxLength: 40_000 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  nasty,
  lineBreaks,
);
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 3 }) },
);
const fields = fc.dictionary(
  fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...FIELDS) }, fc.string({ maxLength: 12 })),
  value,
  { maxKeys: 10 },
);

type Encoding = "json" | "form" | "multipart" | "not-json" | "wrong-type" | "empty";
const encoding = fc.constantFrom<Encoding>(
  "json",
  "json",
  "form",
  "form",
  "multipart",
  "not-json",
  "wrong-type",
  "empty",
);
const brokenJson = fc.oneof(
  fc.constantFrom("{", '{"a":', "[1,2", "nul", "{'single':1}", '{"a":1}}', "\u0000", "[]", "42"),
  fc.string({ maxLength: 200 }),
);
type Auth = "none" | "cookie" | "token" | "bogus-token" | "staff-cookie" | "staff-token";
const auth = fc.constantFrom<Auth>("none", "cookie", "token", "bogus-token");
// Staff routes mostly get a staff session (an admin: every staff role's writes are open to
// it), a cookie on the pages and a token on the API: the others stop at the role check.
const staffAuth = (route: DiscoveredRoute) =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constant<Auth>(
        route.pattern.startsWith("/api/") ? "staff-token" : "staff-cookie",
      ),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Auth>("staff-cookie", "staff-token", "cookie", "none"),
    },
  );
// Most of a staff page's bodies are its own form's fields with valid or nearly valid
// values, so the fuzz gets past the first check into the write itself.
// The admin's settings, closures and chairs forms: their intents, with their fields
// holding valid values, values near them and anything else.
const SETTINGS_FIELDS = [
  "tuesday-closed",
  "tuesday-opens",
  "tuesday-closes",
  "tuesday-break1-start",
  "tuesday-break1-end",
  "tuesday-break2-start",
  "tuesday-break2-end",
  "gridMinutes",
  "minNoticeMinutes",
  "horizonDays",
  "cancellationCutoffHours",
  "maxUpcomingPerPatient",
  "reminder1",
  "reminder2",
  "quietHoursStart",
  "quietHoursEnd",
  "waitlistOfferHours",
  "serviceApprovalRequired",
  "reviewApprovalRequired",
  "clinicName",
  "phone",
  "startDate",
  "endDate",
  "name",
  "chairId",
  "closureId",
  "reason",
];
const settingsValue = fc.oneof(
  value,
  fc.constantFrom("09:00", "17:00", "9:15", "12:00-13:00, 12:30-14:00", "15", "30", "0", "on"),
  fc.constantFrom("2099-01-06", "2000-01-01", "chair-1", "Chair 9", "+1 555 0100"),
);
const moderationForm = fc.record({
  intent: fc.constantFrom(
    ...["hide", "restore", "publish", "reject", "hide ", "Publish"],
    ...["approve-service", "reject-service"],
  ),
  reviewId: fc.oneof(fc.constant("real"), fc.constant("real"), fc.string({ maxLength: 70 })),
  serviceId: fc.oneof(fc.constant("real"), fc.string({ maxLength: 70 })),
  reason: fc.oneof(fc.constantFrom("Not about our clinic", ""), value),
});
const adminForm = fc.record(
  {
    intent: fc.constantFrom(
      ...["hours", "booking", "reminders", "approval", "contact"],
      ...["add", "rename", "up", "down", "deactivate", "reactivate", "remove"],
      "cancel-visits",
    ),
    ...Object.fromEntries(SETTINGS_FIELDS.map((field) => [field, settingsValue])),
  },
  { requiredKeys: ["intent"] },
);
// The team's admin (/staff/dentists/:id): each section's form, nearly valid.
const dentistForm = fc.record(
  {
    intent: fc.constantFrom(
      "profile",
      "plan",
      "add-exception",
      "remove-exception",
      "services",
      "link-account",
      "unlink-account",
    ),
    name: value,
    title: value,
    kind: fc.constantFrom("dentist", "hygienist", "dentist "),
    photo: value,
    sortOrder: fc.oneof(fc.constantFrom("0", "7", "-1000", "1e309"), value),
    active: fc.constantFrom("on", "", "true"),
    "monday.start": fc.oneof(fc.constantFrom("09:00", "25:61", "9:00"), value),
    "monday.end": fc.oneof(fc.constantFrom("17:00", "08:00"), value),
    "monday.break1-start": fc.oneof(fc.constantFrom("12:00", "12:30", "07:00", ""), value),
    "monday.break1-end": fc.oneof(fc.constantFrom("13:00", "12:00", "19:00", ""), value),
    "monday.break2-start": fc.oneof(fc.constantFrom("12:30", ""), value),
    "monday.break2-end": fc.oneof(fc.constantFrom("14:00", ""), value),
    "sunday.off": fc.constantFrom("on", ""),
    startDate: fc.oneof(fc.constantFrom("2099-03-02", "2026-02-30"), value),
    endDate: fc.oneof(fc.constantFrom("2099-03-06", "2099-03-01", ""), value),
    start: value,
    end: value,
    "break1-start": value,
    "break1-end": value,
    note: value,
    email: value,
    exceptionId: value,
    service: fc.oneof(fc.constant("real"), value),
  },
  { requiredKeys: ["intent"] },
);
// The staff's service form (/staff/services/new and /staff/services/:id), nearly valid.
const serviceForm = fc.record({
  name: fc.oneof(fc.constantFrom("Fuzz Polish", " "), value),
  description: fc.oneof(fc.constant("A service the fuzz adds."), value),
  price: fc.oneof(fc.constantFrom("99.50", "0", "1e309", "100001"), value),
  photo: fc.oneof(fc.constantFrom("/images/services/invisalign.svg", "javascript:1"), value),
  picture: fc.oneof(fc.constantFrom("/images/services/night-guard.svg", "", "/etc/passwd"), value),
  category: fc.oneof(fc.constantFrom("Cosmetic", "Magic"), value),
  durationMinutes: fc.oneof(fc.constantFrom("30", "45", "9999"), value),
  bufferMinutes: fc.oneof(fc.constantFrom("0", "15", "-5"), value),
  dentist: fc.oneof(fc.constantFrom("dentist-first", "x".repeat(80)), value),
  hidden: fc.constantFrom("on", ""),
});
const nearDate = fc.oneof(fc.constantFrom("2099-01-06", "2099-01-07", "2026-02-30"), value);
const nearTime = fc.oneof(fc.constantFrom("10:00", "10:15", "11:30", "25:61"), value);
const nearDentist = fc.oneof(fc.constantFrom("dentist-first", "any", ""), value);
// A visit's page (/staff/appointments/:id and its API): a status change or a move.
const visitForm = fc.record(
  {
    intent: fc.constantFrom(
      ...["confirmed", "checked_in", "completed", "cancelled", "no_show"],
      ...["move", "Move", "booked"],
    ),
    status: fc.constantFrom("confirmed", "cancelled", "no_show"),
    reason: fc.oneof(fc.constantFrom("The patient called", ""), value),
    date: nearDate,
    time: nearTime,
    dentist: nearDentist,
    chair: fc.oneof(fc.constantFrom("chair-1", ""), value),
  },
  { requiredKeys: ["intent"] },
);
// The desk's booking (/staff/bookings/new and its API), for a patient or a new one.
const deskForm = fc.record(
  {
    intent: fc.constantFrom("book", "book-anyway", "create-patient"),
    patientId: fc.oneof(fc.constant("real"), value),
    service: fc.oneof(fc.constant("real"), value),
    dentist: nearDentist,
    date: nearDate,
    time: nearTime,
    note: fc.oneof(fc.constant("Prefers mornings"), value),
    reason: value,
    name: fc.oneof(fc.constant("Desk Fuzz"), value),
    email: fc.oneof(fc.constantFrom("desk-fuzz@example.com", "not-an-address"), value),
    phone: fc.oneof(fc.constantFrom("+1 555 0100", "call me"), value),
    dateOfBirth: fc.oneof(fc.constantFrom("", "1984-03-09", "2999-01-01", "1984-02-30"), value),
    // "Create anyway" past the likely duplicates; "book now" from the waiting list.
    anyway: fc.constantFrom("yes", "", "no"),
    waitlistEntry: fc.oneof(fc.constant("real"), value),
  },
  { requiredKeys: ["intent"] },
);
// Recall: a patient's recall (/staff/recall/:id) and the recall types.
const recallForm = fc.record(
  {
    intent: fc.constantFrom("call", "change", "type", "service", "invitations"),
    outcome: fc.oneof(fc.constantFrom("booked", "no_answer", "call_back", "declined"), value),
    note: value,
    dueDate: nearDate,
    intervalMonths: fc.oneof(fc.constantFrom("6", "0", "121"), value),
    name: fc.oneof(fc.constantFrom("Fuzz recall", " "), value),
    cadence: fc.oneof(fc.constantFrom("-28,0,14,42", "0,0", "x"), value),
    dailyCap: fc.oneof(fc.constantFrom("50", "0", "100001"), value),
    recallTypeId: fc.oneof(fc.constantFrom("recall-checkup", "recall-hygiene"), value),
    serviceId: fc.oneof(fc.constant("real"), value),
    active: fc.constantFrom("on", ""),
  },
  { requiredKeys: ["intent"] },
);
// A patient's details (/staff/patients/:id) and a merge into it (.../merge), nearly valid.
const patientForm = fc.record(
  {
    intent: fc.constantFrom(
      "details",
      "details ",
      "link-guardian",
      "unlink-guardian",
      "own-account",
    ),
    name: fc.oneof(fc.constantFrom("Fuzz Record", "F"), value),
    email: fc.oneof(fc.constantFrom("", "fuzz-record@example.com", "x@"), value),
    phone: fc.oneof(fc.constantFrom("", "+1 555 0100", "12"), value),
    dateOfBirth: fc.oneof(fc.constantFrom("", "1980-05-17", "2999-01-01", "0000-01-01"), value),
    address: fc.oneof(fc.constantFrom("", "1 Main Street"), value),
    allergies: fc.oneof(fc.constantFrom("", "Latex"), value),
    conditions: fc.oneof(fc.constantFrom("", "Asthma"), value),
    staffNote: fc.oneof(fc.constantFrom("", "Prefers mornings"), value),
    duplicate: fc.oneof(fc.constant("real"), value),
    guardian: fc.oneof(fc.constantFrom("", "fuzz@example.com", "x@"), value),
    relationship: fc.oneof(fc.constantFrom("child", "other", ""), value),
    linkId: value,
  },
  { requiredKeys: ["intent"] },
);
// The diary's cards and drags (/staff): a status move, the undo, a move, nearly valid.
const diaryForm = fc.record({
  intent: fc.constantFrom(
    ...["status:confirmed", "status:checked_in", "status:completed", "status:no_show"],
    ...["status:cancelled", "status:", "undo", "move"],
  ),
  id: fc.oneof(fc.constant("real"), fc.constant("real"), value),
  date: fc.oneof(fc.constantFrom("2099-01-05", "2099-02-30"), value),
  time: fc.oneof(fc.constantFrom("11:00", "25:61"), value),
  dentist: fc.oneof(fc.constantFrom("dentist-first", "any"), value),
  chair: fc.oneof(fc.constantFrom("chair-1", "chair-9"), value),
  back: fc.oneof(fc.constantFrom("/staff?date=2099-01-05", "//evil.example"), value),
});
// Signed-in devices (/staff/account, and /user/sessions from the profile): one or the others.
const devicesForm = fc.record({
  intent: fc.constantFrom("end-session", "end-others", "end", ""),
  session: fc.oneof(fc.constant("real"), value),
});

// The waiting list at the desk (/staff/waitlist): an offer of a time by hand, nearly valid.
const waitlistDeskForm = fc.record({
  intent: fc.constantFrom("offer", "Offer", "book"),
  entryId: fc.oneof(fc.constant("real"), fc.constant("real"), value),
  date: nearDate,
  time: nearTime,
  dentist: fc.oneof(fc.constantFrom("dentist-first", "dentist-chen", ""), value),
});
const outboxForm = fc.record({
  intent: fc.constantFrom("retry", "retry-all", "Retry"),
  messageId: value,
});
// The forms' admin (/staff/forms, /staff/forms/:id), a history's review and the desk's tablet.
const formsAdminForm = fc.record(
  {
    intent: fc.constantFrom("retention", "template", "Retention"),
    retentionYears: fc.oneof(fc.constantFrom("10", "0", "101", "-1"), value),
    title: fc.oneof(fc.constantFrom("Fuzz consent", " "), value),
    intro: value,
    kind: fc.constantFrom("history", "consent", "other"),
    audience: fc.constantFrom("all", "new", "service", "everyone"),
    serviceId: fc.oneof(fc.constant("real"), value),
    frequency: fc.constantFrom("visit", "months", "weekly"),
    everyMonths: fc.oneof(fc.constantFrom("12", "0", "121"), value),
    minAge: fc.oneof(fc.constantFrom("0", "16", "121"), value),
    active: fc.constantFrom("on", ""),
    questions: fc.oneof(
      fc.constantFrom(
        '[{"id":"agree","label":"I agree.","type":"yesno","required":true}]',
        '[{"id":"a","label":"A?","type":"choice","required":true,"options":[{"value":"x","label":"X"}]}]',
        '[{"id":"Bad id","label":"","type":"number"}]',
        "[",
        "[]",
      ),
      value,
    ),
  },
  { requiredKeys: ["intent"] },
);
const reviewForm = fc.record({
  "alert-allergy-latex": fc.constantFrom("accept", "decline", "maybe"),
  "alert-diabetes": fc.constantFrom("accept", "decline", ""),
  reviewerName: fc.oneof(fc.constantFrom("Dr. Fuzz", " "), value),
  note: value,
});
const tabletForm = fc.record({ visit: fc.oneof(fc.constant("real"), value) });
/** Each staff screen's own form; a screen not listed draws from all of them. */
const OWN_FORMS: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
  "/staff/moderation": moderationForm,
  "/staff/settings": adminForm,
  "/staff/closures": adminForm,
  "/staff/chairs": adminForm,
  "/staff/dentists": dentistForm,
  "/staff/dentists/:id": dentistForm,
  "/staff/services/new": serviceForm,
  "/staff/services/:id": serviceForm,
  "/staff/appointments/:id": visitForm,
  "/api/staff/appointments/:id": visitForm,
  "/staff/bookings/new": deskForm,
  "/api/staff/appointments": deskForm,
  "/staff/recall/:id": recallForm,
  "/staff/recall-types": recallForm,
  "/staff/outbox": outboxForm,
  "/staff/waitlist": waitlistDeskForm,
  "/staff/patients/:id": patientForm,
  "/staff/patients/:id/merge": patientForm,
  "/staff": diaryForm,
  "/staff/forms": formsAdminForm,
  "/staff/forms/:id": formsAdminForm,
  "/staff/forms/submissions/:id": reviewForm,
  "/staff/forms/desk": tabletForm,
  "/staff/account": devicesForm,
};
const anyStaffForm = fc.oneof(...new Set(Object.values(OWN_FORMS)));
/** Three in four of a staff route's bodies are its own form's, the rest anything. */
const staffFields = (route: DiscoveredRoute) =>
  fc.oneof(
    { weight: 1, arbitrary: fields },
    { weight: 3, arbitrary: OWN_FORMS[route.pattern] ?? anyStaffForm },
  );
const isStaffRoute = (route: DiscoveredRoute) =>
  route.pattern === "/staff" ||
  route.pattern.startsWith("/staff/") ||
  route.pattern.startsWith("/api/staff/");
const paramValue = fc.oneof(
  fc.constant("real"),
  fc.string({ maxLength: 30 }),
  nasty,
  fc.integer().map(String),
);

const text = (input: unknown) =>
  typeof input === "string" ? input : input === null ? "" : JSON.stringify(input);

async function buildBody(kind: Encoding, body: Record<string, unknown>, raw: string) {
  switch (kind) {
    case "json":
      return { body: JSON.stringify(body), type: "application/json" };
    case "form": {
      const form = new URLSearchParams();
      for (const [key, entry] of Object.entries(body)) form.append(key, text(entry));
      return { body: form.toString(), type: "application/x-www-form-urlencoded" };
    }
    case "multipart": {
      const form = new FormData();
      for (const [key, entry] of Object.entries(body)) form.append(key, text(entry));
      const encoded = new Response(form);
      return {
        body: await encoded.text(),
        type: encoded.headers.get("content-type") ?? "multipart/form-data",
      };
    }
    case "not-json":
      return { body: raw, type: "application/json" };
    case "wrong-type":
      return { body: JSON.stringify(body), type: "text/plain" };
    case "empty":
      return { body: "", type: "application/json" };
  }
}

async function send(
  route: DiscoveredRoute,
  input: {
    method: string;
    params: Record<string, string>;
    kind: Encoding;
    body: Record<string, unknown>;
    raw: string;
    auth: Auth;
  },
) {
  const params = Object.fromEntries(
    Object.entries(input.params).map(([name, param]) => [
      name,
      param === "real"
        ? name === "page"
          ? "1"
          : route.pattern.includes("/forms/")
            ? "medical-history"
            : route.pattern.includes("appointments")
              ? appointmentId
              : route.pattern.includes("dentists")
                ? "dentist-first"
                : route.pattern.includes("patients")
                  ? patientId
                  : serviceId
        : param,
    ]),
  );
  // An index route's action is reached at its parent's address with ?index (the diary's).
  const index = input.method !== "GET" && /(^|\.)_index\.tsx?$/.test(route.file) ? "?index" : "";
  const url = `${server.url}${fillPattern(route.pattern, params)}${index}`;
  const headers: Record<string, string> = { origin: server.url };
  if (input.auth !== "none" && input.auth !== "bogus-token") {
    const session = await server.newSession(input.auth.startsWith("staff") ? staffId : userId);
    if (input.auth.endsWith("cookie")) headers.cookie = session.cookie;
    else headers.authorization = `Bearer ${session.token}`;
  }
  if (input.auth === "bogus-token") headers.authorization = "Bearer ' OR 1=1 --";
  const hasBody = input.method !== "GET";
  const fields = Object.fromEntries(
    Object.entries(input.body).map(([key, entry]) => [
      key,
      entry === "real" && key === "reviewId"
        ? reviewId
        : entry === "real" && key === "id"
          ? appointmentId
          : entry === "real" && (key === "service" || key === "serviceId")
            ? serviceId
            : entry === "real" && key === "patientId"
              ? userId
              : entry === "real" && key === "duplicate"
                ? duplicateId
                : entry === "real" && key === "visit"
                  ? appointmentId
                  : entry === "real" && (key === "entryId" || key === "waitlistEntry")
                    ? waitingEntryId
                    : entry,
    ]),
  );
  const encoded = hasBody ? await buildBody(input.kind, fields, input.raw) : null;
  if (encoded) headers["content-type"] = encoded.type;
  const response = await fetch(url, {
    method: input.method,
    headers,
    body: encoded?.body,
    redirect: "manual",
  });
  const body = await response.text();
  return { url, status: response.status, type: response.headers.get("content-type") ?? "", body };
}

let sent = 0;

describe("bad input", () => {
  it("finds the routes to fuzz", () => {
    expect(targets.map((route) => route.pattern)).toEqual(
      expect.arrayContaining(["/api/login", "/api/create-appointment", "/login"]),
    );
  });

  it.each(targets.map((route) => [route.pattern, route] as const))(
    "%s: never a 5xx, API refusals are { success: false, message }",
    async (_pattern, route) => {
      const methods = route.pattern.startsWith("/api/")
        ? ["POST", "POST", "PUT", "GET", "DELETE", "PATCH"]
        : ["POST", "POST", "POST", "PUT"];
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            method: fc.constantFrom(...methods),
            params: fc.record(Object.fromEntries(route.params.map((name) => [name, paramValue]))),
            // Pages take url-encoded forms only: staff pages get mostly those, to go deep.
            kind:
              isStaffRoute(route) && !route.pattern.startsWith("/api/")
                ? fc.oneof({ weight: 3, arbitrary: fc.constant<Encoding>("form") }, encoding)
                : encoding,
            body: isStaffRoute(route) ? staffFields(route) : fields,
            raw: brokenJson,
            auth: isStaffRoute(route) ? staffAuth(route) : auth,
          }),
          async (input) => {
            const result = await send(route, input as Parameters<typeof send>[1]);
            sent += 1;
            expect(
              result.status,
              `${input.method} ${result.url}: ${result.body.slice(0, 300)}`,
            ).toBeLessThan(500);
            if (route.pattern.startsWith("/api/") && result.status >= 400) {
              expect(result.type).toContain("application/json");
              const parsed = JSON.parse(result.body) as Record<string, unknown>;
              // GET /api/user-auth answers in the spec's own shape, { ok }.
              if (route.pattern === "/api/user-auth" && input.method === "GET") {
                expect(parsed).toEqual({ ok: false });
              } else {
                expect(parsed.success).toBe(false);
                expect(typeof parsed.message).toBe("string");
                expect((parsed.message as string).length).toBeGreaterThan(0);
              }
            }
          },
        ),
        {
          numRuns: isStaffRoute(route) ? STAFF_RUNS_PER_ROUTE : runsPerRoute,
          interruptAfterTimeLimit: 120_000,
        },
      );
    },
    180_000,
  );

  it("sent at least 1,000 requests, and the server logged no error", () => {
    expect(sent).toBeGreaterThanOrEqual(Math.min(1000, TOTAL_RUNS));
    expect(server.requestLog().filter((line) => line.status >= 500)).toEqual([]);
    expect(server.output()).not.toMatch(/Unexpected Server Error|TypeError|at .+\.js:\d+/);
  });
});

describe("Twilio's webhooks", () => {
  // The route fuzz above posts them unsigned (every answer a 403); these are signed, so the
  // junk reaches the keyword, consent, inbox and receipt code (docs/decisions/052-text-messages.md).
  const junk = fc.oneof(
    fc.string({ maxLength: 60 }),
    nasty,
    fc.constantFrom("STOP", "start", "C", "R", "HELP", ""),
  );
  const number = fc.oneof(
    fc.constantFrom("+12015550101", "+447400123456", ""),
    fc.string({ maxLength: 20 }),
    nasty,
  );
  const sid = fc.oneof(fc.stringMatching(/^SM[0-9a-f]{32}$/), fc.string({ maxLength: 40 }));
  it.each(["/webhooks/sms", "/webhooks/sms/status"])(
    "%s: signed junk never gets a 5xx",
    async (pathname) => {
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            From: number,
            To: number,
            Body: junk,
            MessageSid: sid,
            MessageStatus: fc.oneof(
              fc.constantFrom("delivered", "undelivered", "failed", "sent"),
              junk,
            ),
            ErrorCode: junk,
            Extra: junk,
          }),
          fc.boolean(),
          async (fields, signed) => {
            const params = Object.entries(fields);
            const signature = twilioSignature(WEBHOOK_TOKEN, `${server.url}${pathname}`, params);
            const response = await fetch(`${server.url}${pathname}`, {
              method: "POST",
              headers: {
                "content-type": "application/x-www-form-urlencoded",
                "x-twilio-signature": signed ? signature : signature.slice(1),
              },
              body: new URLSearchParams(params).toString(),
            });
            sent += 1;
            expect(response.status, await response.text()).toBeLessThan(500);
            if (!signed) expect(response.status).toBe(403);
          },
        ),
        { numRuns: 60, interruptAfterTimeLimit: 60_000 },
      );
    },
    120_000,
  );
});

describe("staff screens' queries", () => {
  it("the fuzz reached the staff writes themselves (audited changes, not only reads)", async () => {
    // Which screens' writes a run reaches depends on its random inputs; that some change
    // got past every check and was audited does not.
    // Reads of patients' details are audited too (ADR 043): they are not changes.
    const audited = await server.db().auditEntry.groupBy({
      by: ["action"],
      where: {
        actorId: staffId,
        action: {
          notIn: ["patient.view", "patient.list", "appointment.view", "patient.read_limit"],
        },
      },
      _count: true,
    });
    console.info(
      `[fuzz] staff changes audited: ${audited.map((row) => `${row.action} ${row._count}`).join(", ")}`,
    );
    expect(audited.reduce((sum, row) => sum + row._count, 0)).toBeGreaterThan(0);
  });

  it("never answer a 5xx, whatever the search, filter or page cursor", async () => {
    const { cookie } = await server.newSession(staffId);
    const query = fc.dictionary(
      fc.constantFrom(
        ...["patient", "staff", "before", "show", "page", "q"],
        // The waiting list's filters and page cursor.
        ...["service", "dentist", "partOfDay", "after"],
      ),
      fc.oneof(fc.string({ maxLength: 300 }), nasty, fc.integer().map(String), fc.constant("1.x")),
      { maxKeys: 4 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          "/staff/audit",
          "/staff/moderation",
          "/staff",
          "/staff/patients",
          "/staff/waitlist",
        ),
        query,
        async (path, params) => {
          const search = new URLSearchParams(
            Object.entries(params).map(([key, value]) => [
              key,
              value.replace(/[\ud800-\udfff]/g, ""),
            ]),
          );
          const response = await fetch(`${server.url}${path}?${search}`, { headers: { cookie } });
          sent += 1;
          // A null character, which PostgreSQL's text cannot hold, is refused at the edge.
          const expected = search.toString().includes("%00") ? 400 : 200;
          expect(response.status, `${path}?${search}`).toBe(expected);
          await response.arrayBuffer();
        },
      ),
      { numRuns: 150, interruptAfterTimeLimit: 120_000 },
    );
  }, 180_000);
});

describe("stored text", () => {
  it("is shown escaped on every page that shows it", async () => {
    const payload = `<script>alert("x")</script><img src=x onerror=alert(1)>`;
    const { token } = await server.newSession(userId);
    const post = (pathname: string, body: Record<string, unknown>) =>
      fetch(`${server.url}${pathname}`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: token },
        body: JSON.stringify(body),
      });
    const product = await post("/api/create-product", {
      name: `Fuzz ${payload}`.slice(0, 80),
      description: `Description ${payload}`,
      price: 10,
      photo: "https://example.com/p.png",
      category: "Preventive",
    });
    expect(product.status).toBeLessThan(300);
    const created = (await product.json()) as { product?: { _id: string } };
    const review = await post("/api/create-review", {
      service: serviceId,
      name: `Reviewer ${payload}`.slice(0, 60),
      message: `Message ${payload}`,
      rating: 5,
    });
    expect(review.status).toBeLessThan(300);
    // A review waiting for moderation is shown on the moderation screen (escaped too), and
    // published from there so the public pages show it.
    const staff = await server.newSession(staffId);
    const moderation = await (
      await fetch(`${server.url}/staff/moderation`, { headers: { cookie: staff.cookie } })
    ).text();
    expect(moderation).not.toContain("<script>alert(");
    expect(moderation).toContain("&lt;script&gt;alert(");
    const { review: stored } = (await review.json()) as { review: { _id: string } };
    const published = await fetch(`${server.url}/staff/moderation`, {
      method: "POST",
      redirect: "manual",
      headers: {
        origin: server.url,
        cookie: staff.cookie,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ intent: "publish", reviewId: stored._id }),
    });
    expect(published.status).toBe(302);

    const pages = ["/", "/all-service", `/product/${serviceId}`];
    if (created.product) pages.push(`/product/${created.product._id}`);
    let shown = 0;
    for (const page of pages) {
      const html = await (await fetch(`${server.url}${page}`)).text();
      expect(html, page).not.toContain("<script>alert(");
      expect(html, page).not.toContain("<img src=x onerror");
      if (html.includes("&lt;script&gt;alert(")) shown += 1;
    }
    expect(shown).toBeGreaterThan(0);
  });
});

describe("cached reads", () => {
  it("show a write at once: the JSON reads and the anonymous pages", async () => {
    const { token } = await server.newSession(userId);
    const read = async (pathname: string) => (await fetch(`${server.url}${pathname}`)).text();
    // Twice each, so the second answer comes from the cache.
    for (const pathname of ["/api/reviews", "/", "/api/product-count", "/all-service"]) {
      await read(pathname);
      await read(pathname);
    }
    const count = (JSON.parse(await read("/api/product-count")) as { total: number }).total;

    // The fuzz may have switched approval off on the settings screen: switch it on again.
    const staff = await server.newSession(staffId);
    const staffPost = (path: string, fields: Record<string, string>) =>
      fetch(`${server.url}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: {
          origin: server.url,
          cookie: staff.cookie,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams(fields),
      });
    const approvalOn = await staffPost("/staff/settings", {
      intent: "approval",
      serviceApprovalRequired: "on",
      reviewApprovalRequired: "on",
    });
    expect(approvalOn.status).toBe(302);

    const message = `Fresh review ${Date.now()}`;
    const review = await fetch(`${server.url}/api/create-review`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: token },
      body: JSON.stringify({ service: serviceId, name: "Cache check", message, rating: 4 }),
    });
    expect(review.status).toBe(201);
    // The patient has no completed visit: the review waits for moderation
    // (docs/decisions/040-reviews-held-for-moderation.md), and its publication is the write
    // that must show at once.
    const held = (await review.json()) as { review: { _id: string; status: string } };
    expect(held.review.status).toBe("awaiting_review");
    expect(await read("/api/reviews")).not.toContain(message);
    const published = await staffPost("/staff/moderation", {
      intent: "publish",
      reviewId: held.review._id,
    });
    expect(published.status).toBe(302);
    expect(await read("/api/reviews")).toContain(message);
    expect(await read("/")).toContain(message);

    const name = `Fresh service ${Date.now()}`;
    const product = await fetch(`${server.url}/api/create-product`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: token },
      body: JSON.stringify({
        name,
        description: "Added while the list was cached.",
        price: 42,
        photo: "https://example.com/p.png",
        category: "Cosmetic",
      }),
    });
    expect(product.status).toBeLessThan(300);
    // A patient's service waits for review (docs/decisions/023-service-approval.md): a
    // moderator's approval is the write that must show at once.
    const created = (await product.json()) as { product: { _id: string } };
    expect((JSON.parse(await read("/api/product-count")) as { total: number }).total).toBe(count);
    const approved = await staffPost("/staff/moderation", {
      intent: "approve-service",
      serviceId: created.product._id,
    });
    expect(approved.status).toBe(302);
    expect((JSON.parse(await read("/api/product-count")) as { total: number }).total).toBe(
      count + 1,
    );
    expect(await read("/all-service")).toContain(name.slice(0, 25));
  });
});

describe("names", () => {
  // Issue 31 item 5: a name holding a control character (CR, LF, tab, any other C0 or C1,
  // DEL, Unicode's line and paragraph separators) is refused, with the one rule's message,
  // wherever a name is typed; none is ever stored.
  const letters = fc.stringMatching(/^[A-Za-z]{1,12}$/);
  const control = fc
    .oneof(
      fc.integer({ min: 0x00, max: 0x1f }),
      fc.integer({ min: 0x7f, max: 0x9f }),
      fc.constantFrom(0x2028, 0x2029),
    )
    .map((code) => String.fromCharCode(code));
  const badName = fc
    .tuple(letters, fc.array(control, { minLength: 1, maxLength: 3 }), letters)
    .map(([first, middle, last]) => `${first}${middle.join("")}${last}`);
  // eslint-disable-next-line no-control-regex -- the characters the rule refuses
  const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

  it("are refused with a clear message on every form and API that takes one", async () => {
    const patient = await server.newSession(userId);
    const staff = await server.newSession(staffId);
    const email = (await server.db().user.findUniqueOrThrow({ where: { id: userId } })).email;
    const json = (method: string, pathname: string, body: unknown, token?: string) =>
      fetch(`${server.url}${pathname}`, {
        method,
        headers: {
          "content-type": "application/json",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
    const staffForm = (pathname: string, fields: Record<string, string>) =>
      fetch(`${server.url}${pathname}`, {
        method: "POST",
        redirect: "manual",
        headers: {
          origin: server.url,
          cookie: staff.cookie,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams(fields),
      });
    const forms: Record<string, (name: string) => Promise<Response>> = {
      register: (name) =>
        json("POST", "/api/register", {
          name,
          email: `names-${Math.random().toString(36).slice(2)}@example.com`,
          userImage: "/images/avatars/demo-patient.svg",
          password: "secret1",
        }),
      profile: (name) => json("PUT", "/api/profile", { name }, patient.token),
      booking: (name) =>
        json(
          "POST",
          "/api/create-appointment",
          {
            service: serviceId,
            name,
            email,
            phone: "+1 555 0100",
            date: "2099-01-06",
            time: "10:00",
            message: "Check-up",
          },
          patient.token,
        ),
      review: (name) =>
        json(
          "POST",
          "/api/create-review",
          { service: serviceId, name, message: "Lovely", rating: 5 },
          patient.token,
        ),
      caller: (name) =>
        staffForm("/staff/bookings/new", {
          intent: "create-patient",
          name,
          email: "",
          phone: "+1 555 0100",
        }),
      "patient record": (name) =>
        staffForm(`/staff/patients/${patientId}`, { intent: "details", name, phone: "" }),
      dentist: (name) =>
        staffForm("/staff/dentists?index", { name, title: "DDS", kind: "dentist" }),
    };
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...Object.keys(forms)), badName, async (form, name) => {
        const response = await forms[form]!(name);
        sent += 1;
        const body = await response.text();
        expect(response.status, `${form}: ${JSON.stringify(name)}`).toBe(400);
        // A null character is refused before any field's rule, by whichever reads the body.
        const message = !name.includes("\u0000")
          ? NAME_CHARACTERS_MESSAGE
          : response.headers.get("content-type")?.includes("json")
            ? NULL_CHARACTER_BODY_MESSAGE
            : NULL_CHARACTER_FORM_MESSAGE;
        expect(body, `${form}: ${JSON.stringify(name)}`).toContain(message);
      }),
      { numRuns: 70, interruptAfterTimeLimit: 90_000 },
    );
    const db = server.db();
    const stored = [
      ...(await db.user.findMany({ select: { name: true } })),
      ...(await db.appointment.findMany({ select: { name: true } })),
      ...(await db.review.findMany({ select: { name: true } })),
      ...(await db.dentist.findMany({ select: { name: true } })),
    ].filter((row) => CONTROL.test(row.name));
    expect(stored).toEqual([]);
  }, 150_000);
});
