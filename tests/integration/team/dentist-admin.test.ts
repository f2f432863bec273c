// The team's admin (/staff/dentists): each domain function's success, refusals (nothing
// half-written), audit entry and its effect at once on the free times and the booking
// form, against a real SQLite file; and the pages' actions with an admin's session.
import type { User } from "@prisma/client";
import { beforeAll, describe, expect, it } from "vitest";
import { appointmentsNeedingAttention } from "~/models/booking/attention.server";
import { freeTimes } from "~/models/booking/free-times.server";
import { loadDayPlans } from "~/models/booking/availability.server";
import { onlinePolicy } from "~/models/booking/policy";
import {
  createDentist,
  dentistForAdmin,
  slugTakenMessage,
  stillBookedMessage,
  updateDentistProfile,
} from "~/models/team/dentist-admin.server";
import {
  linkDentistAccount,
  noDentistAccountMessage,
  notDentistRoleMessage,
  SERVICE_GONE_MESSAGE,
  setDentistServices,
  unlinkDentistAccount,
} from "~/models/team/dentist-links.server";
import {
  addDentistException,
  EXCEPTION_GONE_MESSAGE,
  exceptionOverlapMessage,
  removeDentistException,
  updateWeeklyPlan,
} from "~/models/team/dentist-schedule.server";
import { getClinicSettings, updateClinicSettings } from "~/models/settings/clinic-settings.server";
import { MAX_PLACE, PHOTO_LINK_MESSAGE } from "~/validation/team";
import { bookingChoices, listTeam } from "~/models/team/dentists.server";
import { reviewService } from "~/models/services/moderation.server";
import { staffActor } from "~/http/roles.server";
import { loader as bookingLoader } from "~/routes/make-appointment";
import { loader as freeSlotsLoader } from "~/routes/resources.free-slots";
import { action as dentistAction, loader as dentistLoader } from "~/routes/staff.dentists.$id";
import { action as teamAction, loader as teamLoader } from "~/routes/staff.dentists._index";
import { prisma } from "~/infra/db.server";
import { WEEK_ORDER } from "~/models/settings/plan-text";
import { addDays } from "~/utils/clinic-time";
import { MONDAY, TUESDAY, upcoming } from "../../support/clinic-dates";
import { createService, createUser, sessionFor, storeAppointment } from "../../support/factories";
import {
  actionArgs,
  formPost,
  get,
  loaderArgs,
  outcome,
  settle,
  toastOf,
} from "../../support/auth-helpers";

let admin: User;
let actor: { id: string; role: "admin" };
let adminCookie: string;
let service: { id: string; name: string };
let counter = 0;

beforeAll(async () => {
  admin = await createUser({ role: "admin", name: "Ada Admin" });
  actor = { id: admin.id, role: "admin" };
  adminCookie = (await sessionFor(admin)).cookie;
  service = await createService({ name: "Plan Check-up", durationMinutes: 30 });
});

/** A week's form fields: Monday to Friday `start`-`end`, the weekend off. */
function weekForm(start = "09:00", end = "17:00", overrides: Record<string, string> = {}) {
  const fields: Record<string, string> = {};
  for (const day of WEEK_ORDER) {
    if (day === "saturday" || day === "sunday") fields[`${day}.off`] = "on";
    else Object.assign(fields, { [`${day}.start`]: start, [`${day}.end`]: end });
  }
  return { ...fields, ...overrides };
}

/** A new, active dentist working weekdays 09:00-17:00 and performing `service`. */
async function workingDentist(name = "Dr. Test") {
  counter += 1;
  const created = await createDentist(actor, {
    name: `${name} ${counter} ${Date.now()}`,
    title: "DDS",
    kind: "dentist",
  });
  if (!created.ok) throw new Error(created.message);
  const id = created.dentist.id;
  const plan = await updateWeeklyPlan(actor, id, weekForm());
  if (!plan.ok) throw new Error(plan.message);
  const services = await setDentistServices(actor, id, [service.id]);
  if (!services.ok) throw new Error(services.message);
  const profile = await updateDentistProfile(actor, id, {
    name: created.dentist.name,
    title: "DDS",
    kind: "dentist",
    sortOrder: "5",
    active: "on",
  });
  if (!profile.ok) throw new Error(profile.message);
  return { id, name: created.dentist.name };
}

const auditsOf = (entityId: string, action?: string) =>
  prisma.auditEntry.findMany({
    where: { entityId, ...(action ? { action } : {}) },
    orderBy: { at: "asc" },
  });

const freeFor = async (dentistId: string, date: string) =>
  (
    await freeTimes({
      date,
      serviceId: service.id,
      visit: { name: "Check-up", durationMinutes: 30, bufferMinutes: 0 },
      policy: onlinePolicy(null),
      dentistId,
      now: new Date(),
    })
  ).times;

const profileOf = (dentist: { name: string }, change: Record<string, string> = {}) => ({
  name: dentist.name,
  title: "DDS",
  kind: "dentist",
  sortOrder: "5",
  active: "on",
  ...change,
});

describe("adding a dentist", () => {
  it("places a new dentist last, within the places the profile form accepts", async () => {
    const last = await createDentist(actor, {
      name: `Dr. Last ${Date.now()}`,
      title: "DDS",
      kind: "dentist",
    });
    if (!last.ok) throw new Error(last.message);
    await prisma.dentist.update({ where: { id: last.dentist.id }, data: { sortOrder: MAX_PLACE } });
    const next = await createDentist(actor, {
      name: `Dr. Next ${Date.now()}`,
      title: "DDS",
      kind: "dentist",
    });
    if (!next.ok) throw new Error(next.message);
    const row = await prisma.dentist.findUniqueOrThrow({ where: { id: next.dentist.id } });
    expect(row.sortOrder).toBe(MAX_PLACE);
    await prisma.dentist.updateMany({
      where: { id: { in: [last.dentist.id, next.dentist.id] } },
      data: { sortOrder: 0 },
    });
  });

  it("adds them inactive, with no working day, a slug from the name, and an audit entry", async () => {
    const name = `Dr. Zoë Ångström ${Date.now()}`;
    const result = await createDentist(actor, { name, title: " DDS, Hygiene ", kind: "hygienist" });
    if (!result.ok) throw new Error(result.message);
    const row = await prisma.dentist.findUniqueOrThrow({ where: { id: result.dentist.id } });
    expect(row).toMatchObject({ name, title: "DDS, Hygiene", kind: "hygienist", active: false });
    expect(row.slug).toBe(`dr-zoe-angstrom-${name.split(" ").at(-1)}`);
    expect(Object.values(JSON.parse(row.weeklyPlan))).toEqual(Array(7).fill(null));
    const [entry] = await auditsOf(row.id, "dentist.create");
    expect(entry).toMatchObject({ actorId: admin.id, entityType: "Dentist" });
    expect((await listTeam()).some((member) => member.id === row.id)).toBe(false);
  });

  it("refuses a name whose address is taken, a missing title or an unknown kind, writing nothing", async () => {
    const name = `Dr. Same Name ${Date.now()}`;
    const first = await createDentist(actor, { name, title: "DDS", kind: "dentist" });
    expect(first.ok).toBe(true);
    const before = await prisma.dentist.count();
    const clash = await createDentist(actor, {
      name: `${name.toUpperCase()}!`,
      title: "DDS",
      kind: "dentist",
    });
    expect(clash).toMatchObject({ ok: false, status: 409, field: "name" });
    expect(!clash.ok && clash.message).toBe(
      slugTakenMessage(`dr-same-name-${name.split(" ").at(-1)}`, name),
    );
    expect(
      await createDentist(actor, { name: "Dr. X Y", title: " ", kind: "dentist" }),
    ).toMatchObject({
      ok: false,
      field: "title",
    });
    expect(
      await createDentist(actor, { name: "Dr. X Y", title: "DDS", kind: "surgeon" }),
    ).toMatchObject({
      ok: false,
      field: "kind",
      message: "Please choose whether this is a dentist or a hygienist.",
    });
    expect(await prisma.dentist.count()).toBe(before);
  });

  it("through the page: lists the team and adds one, then opens their page", async () => {
    const name = `Dr. Page Added ${Date.now()}`;
    const result = await outcome(
      await teamAction(
        actionArgs(
          formPost("/staff/dentists", { name, title: "DDS", kind: "dentist" }, adminCookie),
        ),
      ),
    );
    expect(result.status).toBe(302);
    const added = await prisma.dentist.findFirstOrThrow({ where: { name } });
    expect(result.location).toBe(`/staff/dentists/${added.id}`);
    const list = await outcome(await teamLoader(loaderArgs(get("/staff/dentists", adminCookie))));
    const rows = (list.body as { dentists: { id: string; active: boolean }[] }).dentists;
    expect(rows.find((row) => row.id === added.id)).toMatchObject({ active: false });
    const refused = await outcome(
      await teamAction(
        actionArgs(
          formPost("/staff/dentists", { name, title: "DDS", kind: "dentist" }, adminCookie),
        ),
      ),
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ field: "name", values: { name } });
  });
});

describe("the weekly plan", () => {
  it("takes effect at once for the free times and the booking form", async () => {
    const dentist = await workingDentist("Dr. Plan");
    const monday = upcoming(MONDAY, 2);
    expect(await freeFor(dentist.id, monday)).toContain("09:00");

    const result = await updateWeeklyPlan(
      actor,
      dentist.id,
      weekForm("09:00", "17:00", {
        "monday.start": "10:00",
        "monday.end": "12:00",
        "monday.break1-start": "11:00",
        "monday.break1-end": "11:30",
      }),
    );
    expect(result).toMatchObject({ ok: true, attention: { count: 0 } });
    expect(await freeFor(dentist.id, monday)).toEqual(["10:00", "10:30", "11:30"]);

    const patient = await createUser();
    const page = await outcome(
      await bookingLoader(loaderArgs(get("/make-appointment", (await sessionFor(patient)).cookie))),
    );
    const body = page.body as {
      services: { value: string; dentistIds: string[] }[];
      dentists: { value: string }[];
    };
    expect(body.dentists.map((d) => d.value)).toContain(dentist.id);
    expect(body.services.find((s) => s.value === service.id)?.dentistIds).toContain(dentist.id);

    const [entry] = await auditsOf(dentist.id, "dentist.plan").then((rows) => rows.slice(-1));
    expect(JSON.parse(entry!.after!).monday).toEqual({
      start: "10:00",
      end: "12:00",
      breaks: [{ start: "11:00", end: "11:30" }],
    });
    expect(JSON.parse(entry!.before!).monday).toEqual({ start: "09:00", end: "17:00", breaks: [] });
  });

  it("refuses a wrong day with a message naming it, and leaves the plan as it was", async () => {
    const dentist = await workingDentist("Dr. Wrong Plan");
    const before = await prisma.dentist.findUniqueOrThrow({ where: { id: dentist.id } });
    const audits = (await auditsOf(dentist.id)).length;
    const result = await outcome(
      await dentistAction(
        actionArgs(
          formPost(
            `/staff/dentists/${dentist.id}`,
            {
              intent: "plan",
              ...weekForm("09:00", "17:00", {
                "thursday.break1-start": "16:00",
                "thursday.break1-end": "18:00",
              }),
            },
            adminCookie,
          ),
          undefined,
          { id: dentist.id },
        ),
      ),
    );
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({
      error:
        "Thursday: the break 4:00 PM to 6:00 PM lies outside the working hours (9:00 AM to 5:00 PM).",
      field: "thursday.break1-end",
      values: { intent: "plan", "thursday.break1-start": "16:00", "thursday.break1-end": "18:00" },
    });
    const after = await prisma.dentist.findUniqueOrThrow({ where: { id: dentist.id } });
    expect(after.weeklyPlan).toBe(before.weeklyPlan);
    expect(await auditsOf(dentist.id)).toHaveLength(audits);
  });

  it("keeps each day inside the clinic's opening hours, with a message saying so", async () => {
    const dentist = await workingDentist("Dr. Early Bird");
    const before = await prisma.dentist.findUniqueOrThrow({ where: { id: dentist.id } });
    // The test clinic opens 9:00 AM to 5:00 PM Monday to Saturday and closes on Sundays.
    const early = await updateWeeklyPlan(
      actor,
      dentist.id,
      weekForm("09:00", "17:00", { "tuesday.start": "07:30" }),
    );
    expect(early).toMatchObject({
      ok: false,
      status: 400,
      field: "tuesday.start",
      message:
        "Tuesday: 7:30 AM to 5:00 PM is outside the clinic's hours on Tuesdays (9:00 AM to 5:00 PM). Choose hours inside them, or change the clinic's hours in Clinic settings first.",
    });
    const sunday = await updateWeeklyPlan(
      actor,
      dentist.id,
      weekForm("09:00", "17:00", {
        "sunday.off": "",
        "sunday.start": "10:00",
        "sunday.end": "12:00",
      }),
    );
    expect(sunday).toMatchObject({
      ok: false,
      field: "sunday.off",
      message:
        "Sunday: the clinic is closed on Sundays. Tick Closed, or open the clinic on Sundays in Clinic settings first.",
    });
    expect((await prisma.dentist.findUniqueOrThrow({ where: { id: dentist.id } })).weeklyPlan).toBe(
      before.weeklyPlan,
    );
    // Once the clinic opens earlier on Tuesdays, the same plan is taken.
    await updateClinicSettings({
      weeklyHours: {
        ...(await getClinicSettings()).weeklyHours,
        tuesday: { start: "07:00", end: "17:00", breaks: [] },
      },
    });
    try {
      expect(
        (
          await updateWeeklyPlan(
            actor,
            dentist.id,
            weekForm("09:00", "17:00", { "tuesday.start": "07:30" }),
          )
        ).ok,
      ).toBe(true);
    } finally {
      await updateClinicSettings({
        weeklyHours: {
          ...(await getClinicSettings()).weeklyHours,
          tuesday: { start: "09:00", end: "17:00", breaks: [] },
        },
      });
    }
  });

  it("keeps a day's plans within the clinic's hours as they are now, after the day was read", async () => {
    const dentist = await workingDentist("Dr. Hours");
    const tuesday = upcoming(TUESDAY, 5);
    expect(await freeFor(dentist.id, tuesday)).toContain("15:00");
    // The clinic closes at noon on Tuesdays: the day's plans, read and kept just above,
    // follow the settings' change as they follow the team's.
    await updateClinicSettings({
      weeklyHours: {
        ...(await getClinicSettings()).weeklyHours,
        tuesday: { start: "09:00", end: "12:00", breaks: [] },
      },
    });
    try {
      const times = await freeFor(dentist.id, tuesday);
      expect(times).toContain("11:30");
      expect(times).not.toContain("15:00");
      const plans = await loadDayPlans(tuesday, service.id);
      expect(plans.dentists.find((d) => d.id === dentist.id)?.intervals).toEqual([
        { start: 540, end: 720 },
      ]);
    } finally {
      await updateClinicSettings({
        weeklyHours: {
          ...(await getClinicSettings()).weeklyHours,
          tuesday: { start: "09:00", end: "17:00", breaks: [] },
        },
      });
    }
  });

  it("says how many upcoming visits fall outside the new plan, and the diary lists them", async () => {
    const dentist = await workingDentist("Dr. Outside");
    const tuesday = upcoming(TUESDAY, 3);
    const visit = await storeAppointment({
      userId: null,
      serviceId: service.id,
      date: tuesday,
      time: "15:00",
      dentistId: dentist.id,
    });
    const result = await outcome(
      await dentistAction(
        actionArgs(
          formPost(
            `/staff/dentists/${dentist.id}`,
            { intent: "plan", ...weekForm("09:00", "12:00") },
            adminCookie,
          ),
          undefined,
          { id: dentist.id },
        ),
      ),
    );
    expect(result.status).toBe(302);
    expect((await toastOf(result.headers))?.message).toBe(
      `Saved the weekly plan of ${dentist.name}. 1 upcoming visit now needs attention in the diary.`,
    );
    const attention = await appointmentsNeedingAttention({ from: tuesday, to: tuesday });
    expect(attention.find((entry) => entry.appointment._id === visit.id)?.reason).toBe(
      `That time is outside ${dentist.name}'s working hours on Tuesdays (9:00 AM to 12:00 PM).`,
    );
    const page = await outcome(
      await dentistLoader(
        loaderArgs(get(`/staff/dentists/${dentist.id}`, adminCookie), { id: dentist.id }),
      ),
    );
    expect(page.body).toMatchObject({ attention: { count: 1, firstDate: tuesday } });
  });
});

describe("exceptions", () => {
  it("a day off empties that day at once; removing it gives the day back", async () => {
    const dentist = await workingDentist("Dr. Day Off");
    const monday = upcoming(MONDAY, 4);
    const added = await addDentistException(actor, dentist.id, {
      startDate: monday,
      endDate: "",
      kind: "off",
      note: "Conference",
    });
    expect(added).toMatchObject({ ok: true });
    expect(await freeFor(dentist.id, monday)).toEqual([]);
    expect(await freeFor(dentist.id, upcoming(TUESDAY, 4))).toContain("09:00");
    // The booking form's time picker asks the same: nothing that day with her.
    const picker = await outcome(
      await freeSlotsLoader(
        loaderArgs(
          get(`/resources/free-slots?date=${monday}&service=${service.id}&dentist=${dentist.id}`),
        ),
      ),
    );
    expect(picker.body).toMatchObject({ success: true, times: [] });
    expect(String(picker.body?.message)).toContain(`${dentist.name} is away on`);
    const [row] = await prisma.dentistException.findMany({ where: { dentistId: dentist.id } });
    expect(row).toMatchObject({
      startDate: monday,
      endDate: monday,
      dayPlan: "null",
      note: "Conference",
    });
    expect(await auditsOf(dentist.id, "dentist.exception.add")).toHaveLength(1);

    const removed = await removeDentistException(actor, dentist.id, row!.id);
    expect(removed.ok).toBe(true);
    expect(await freeFor(dentist.id, monday)).toContain("09:00");
    const again = await outcome(
      await freeSlotsLoader(
        loaderArgs(
          get(`/resources/free-slots?date=${monday}&service=${service.id}&dentist=${dentist.id}`),
        ),
      ),
    );
    expect((again.body as { times: string[] }).times).toContain("09:00");
    const [entry] = await auditsOf(dentist.id, "dentist.exception.remove");
    expect(JSON.parse(entry!.before!)).toMatchObject({ startDate: monday, note: "Conference" });
    expect(await removeDentistException(actor, dentist.id, row!.id)).toMatchObject({
      ok: false,
      status: 404,
      message: EXCEPTION_GONE_MESSAGE,
    });
  });

  it("different hours replace the plan on those days", async () => {
    const dentist = await workingDentist("Dr. Short Day");
    const monday = upcoming(MONDAY, 5);
    const added = await addDentistException(actor, dentist.id, {
      startDate: monday,
      endDate: monday,
      kind: "hours",
      start: "14:00",
      end: "15:00",
    });
    expect(added.ok).toBe(true);
    expect(await freeFor(dentist.id, monday)).toEqual(["14:00", "14:30"]);
  });

  it("refuses an overlap, a reversed or past range and bad hours, adding nothing", async () => {
    const dentist = await workingDentist("Dr. Overlap");
    const monday = upcoming(MONDAY, 6);
    const friday = addDays(monday, 4); // that week's Friday, whatever day the test runs on
    expect(
      (
        await addDentistException(actor, dentist.id, {
          startDate: monday,
          endDate: friday,
          kind: "off",
        })
      ).ok,
    ).toBe(true);
    const overlap = await addDentistException(actor, dentist.id, {
      startDate: friday,
      endDate: friday,
      kind: "off",
    });
    expect(overlap).toMatchObject({
      ok: false,
      status: 409,
      message: exceptionOverlapMessage(monday, friday, {
        timeZone: "America/New_York",
        locale: "en-US",
      }),
    });
    expect(
      await addDentistException(actor, dentist.id, {
        startDate: friday,
        endDate: monday,
        kind: "off",
      }),
    ).toMatchObject({
      ok: false,
      field: "endDate",
      message: "The last day must not be before the first day.",
    });
    expect(
      await addDentistException(actor, dentist.id, {
        startDate: "2020-01-06",
        endDate: "",
        kind: "off",
      }),
    ).toMatchObject({ ok: false, message: "Those days have already passed." });
    expect(
      await addDentistException(actor, dentist.id, { startDate: "2099-02-30", kind: "off" }),
    ).toMatchObject({ ok: false, field: "startDate" });
    expect(
      await addDentistException(actor, dentist.id, {
        startDate: upcoming(MONDAY, 8),
        kind: "hours",
        start: "15:00",
        end: "14:00",
      }),
    ).toMatchObject({
      ok: false,
      field: "end",
      message: "Different hours: the end time must be after the start time (3:00 PM).",
    });
    // Different hours stay inside the clinic's hours on the weekdays they cover.
    expect(
      await addDentistException(actor, dentist.id, {
        startDate: upcoming(MONDAY, 8),
        kind: "hours",
        start: "08:00",
        end: "12:00",
      }),
    ).toMatchObject({
      ok: false,
      field: "start",
      message:
        "Different hours: 8:00 AM to 12:00 PM is outside the clinic's hours on Mondays (9:00 AM to 5:00 PM). Choose hours inside them, or change the clinic's hours in Clinic settings first.",
    });
    expect(await prisma.dentistException.count({ where: { dentistId: dentist.id } })).toBe(1);
  });
});

describe("services performed", () => {
  it("replaces the list; an unknown service refuses the whole change", async () => {
    const dentist = await workingDentist("Dr. Services");
    const other = await createService({ name: "Other Service" });
    const result = await setDentistServices(actor, dentist.id, [other.id, other.id]);
    expect(result).toMatchObject({ ok: true, count: 1 });
    const choices = await bookingChoices();
    expect(choices.services.find((s) => s.value === other.id)?.dentistIds).toEqual([dentist.id]);
    expect(choices.services.find((s) => s.value === service.id)?.dentistIds).not.toContain(
      dentist.id,
    );

    const refused = await setDentistServices(actor, dentist.id, [service.id, "no-such-service"]);
    expect(refused).toMatchObject({ ok: false, status: 400, message: SERVICE_GONE_MESSAGE });
    const links = await prisma.dentistService.findMany({ where: { dentistId: dentist.id } });
    expect(links.map((link) => link.serviceId)).toEqual([other.id]);

    const [entry] = (await auditsOf(dentist.id, "dentist.services")).slice(-1);
    expect(JSON.parse(entry!.after!)).toEqual({ services: ["Other Service"] });
  });

  it("drops a service a moderator rejected from the dentist's page and the team's count", async () => {
    const dentist = await workingDentist("Dr. Rejected");
    const author = await createUser();
    const proposed = await createService({
      name: `Proposed Glow ${Date.now()}`,
      status: "awaiting_review",
      createdById: author.id,
    });
    expect(await setDentistServices(actor, dentist.id, [service.id, proposed.id])).toMatchObject({
      ok: true,
      count: 2,
    });
    const seen = async () => {
      const page = await dentistLoader(
        loaderArgs(get(`/staff/dentists/${dentist.id}`, adminCookie), { id: dentist.id }),
      );
      const team = await teamLoader(loaderArgs(get("/staff/dentists", adminCookie)));
      return {
        offered: page.services.find((entry) => entry.id === proposed.id) ?? null,
        counted: team.dentists.find((entry) => entry.id === dentist.id)?.servicesCount,
      };
    };
    expect(await seen()).toMatchObject({
      offered: { note: "awaiting review", performed: true },
      counted: 2,
    });

    const moderator = await createUser({ role: "reception" });
    const decided = await reviewService(
      { intent: "reject-service", serviceId: proposed.id, reason: "We do not offer this." },
      staffActor(moderator),
    );
    expect(decided.ok).toBe(true);
    expect(await seen()).toEqual({ offered: null, counted: 1 });
    // Nor can it be ticked again by a form sent before the rejection.
    expect(await setDentistServices(actor, dentist.id, [proposed.id])).toMatchObject({
      ok: false,
      message: SERVICE_GONE_MESSAGE,
    });
  });

  it("allows none, and the page says they will not be offered", async () => {
    const dentist = await workingDentist("Dr. No Services");
    const result = await outcome(
      await dentistAction(
        actionArgs(
          formPost(`/staff/dentists/${dentist.id}`, { intent: "services" }, adminCookie),
          undefined,
          {
            id: dentist.id,
          },
        ),
      ),
    );
    expect(result.status).toBe(302);
    expect(await toastOf(result.headers)).toEqual({
      type: "info",
      message: `${dentist.name} performs no service now, so the booking form does not offer them.`,
    });
    expect(await prisma.dentistService.count({ where: { dentistId: dentist.id } })).toBe(0);
  });
});

describe("the profile", () => {
  it("saves every field with its before and after; refuses a photo link that is not http(s)", async () => {
    const dentist = await workingDentist("Dr. Profile");
    const saved = await updateDentistProfile(
      actor,
      dentist.id,
      profileOf(dentist, {
        title: "DMD",
        kind: "hygienist",
        photo: "https://example.com/p.jpg",
        bio: "Likes teeth.",
        sortOrder: "-3",
      }),
    );
    expect(saved.ok).toBe(true);
    const row = await prisma.dentist.findUniqueOrThrow({ where: { id: dentist.id } });
    expect(row).toMatchObject({
      title: "DMD",
      kind: "hygienist",
      photo: "https://example.com/p.jpg",
      bio: "Likes teeth.",
      sortOrder: -3,
    });
    const [entry] = (await auditsOf(dentist.id, "dentist.profile")).slice(-1);
    expect(JSON.parse(entry!.before!)).toMatchObject({ title: "DDS", kind: "dentist" });
    expect(JSON.parse(entry!.after!)).toMatchObject({ title: "DMD", kind: "hygienist" });

    // The images the site ships (the seeded team's portraits) are photo links too.
    const portrait = profileOf(dentist, { photo: "/images/team/dr-anita-patel.svg" });
    expect((await updateDentistProfile(actor, dentist.id, portrait)).ok).toBe(true);
    const back = profileOf(dentist, {
      title: "DMD",
      kind: "hygienist",
      photo: "https://example.com/p.jpg",
      bio: "Likes teeth.",
      sortOrder: "-3",
    });
    expect((await updateDentistProfile(actor, dentist.id, back)).ok).toBe(true);

    for (const photo of [
      "javascript:alert(1)",
      "ftp://example.com/a.png",
      "//evil.example/a.png",
    ]) {
      expect(
        await updateDentistProfile(actor, dentist.id, profileOf(dentist, { photo })),
      ).toMatchObject({
        ok: false,
        field: "photo",
        message: PHOTO_LINK_MESSAGE,
      });
    }
    expect(
      await updateDentistProfile(actor, dentist.id, profileOf(dentist, { sortOrder: "1.5" })),
    ).toMatchObject({
      ok: false,
      field: "sortOrder",
    });
    expect((await prisma.dentist.findUniqueOrThrow({ where: { id: dentist.id } })).photo).toBe(
      "https://example.com/p.jpg",
    );
  });

  it("refuses to deactivate a dentist with upcoming visits unless told to go on; then the visits need attention", async () => {
    const dentist = await workingDentist("Dr. Leaving");
    const tuesday = upcoming(TUESDAY, 7);
    const visit = await storeAppointment({
      userId: null,
      serviceId: service.id,
      date: tuesday,
      time: "10:00",
      dentistId: dentist.id,
    });
    const refused = await updateDentistProfile(
      actor,
      dentist.id,
      profileOf(dentist, { active: "" }),
    );
    expect(refused).toMatchObject({
      ok: false,
      status: 409,
      field: "active",
      message: stillBookedMessage(dentist.name, 1),
    });
    expect((await prisma.dentist.findUniqueOrThrow({ where: { id: dentist.id } })).active).toBe(
      true,
    );

    const page = await outcome(
      await dentistLoader(
        loaderArgs(get(`/staff/dentists/${dentist.id}`, adminCookie), { id: dentist.id }),
      ),
    );
    expect(page.body).toMatchObject({ upcoming: { count: 1, firstDate: tuesday } });

    const done = await updateDentistProfile(
      actor,
      dentist.id,
      profileOf(dentist, { active: "", deactivateAnyway: "on" }),
    );
    expect(done).toMatchObject({ ok: true, attention: { count: 1, firstDate: tuesday } });
    expect((await listTeam()).some((member) => member.id === dentist.id)).toBe(false);
    expect(await freeFor(dentist.id, upcoming(MONDAY, 7))).toEqual([]);
    const attention = await appointmentsNeedingAttention({ from: tuesday, to: tuesday });
    expect(attention.find((entry) => entry.appointment._id === visit.id)?.reason).toBe(
      `${dentist.name} no longer sees patients.`,
    );
  });
});

describe("the staff account", () => {
  it("links an account with the dentist role, refuses others, and unlinks", async () => {
    const dentist = await workingDentist("Dr. Account");
    const other = await workingDentist("Dr. Other Account");
    const patient = await createUser();
    const account = await createUser({ role: "dentist" });

    expect(
      await linkDentistAccount(actor, dentist.id, { email: "nobody@example.com" }),
    ).toMatchObject({
      ok: false,
      status: 404,
      message: noDentistAccountMessage("nobody@example.com"),
    });
    const slug = (await prisma.dentist.findUniqueOrThrow({ where: { id: dentist.id } })).slug;
    expect(await linkDentistAccount(actor, dentist.id, { email: patient.email })).toMatchObject({
      ok: false,
      message: notDentistRoleMessage(patient.email, "patient", slug),
    });
    expect(
      await linkDentistAccount(actor, dentist.id, { email: ` ${account.email.toUpperCase()} ` }),
    ).toMatchObject({
      ok: true,
      email: account.email,
    });
    expect(await linkDentistAccount(actor, other.id, { email: account.email })).toMatchObject({
      ok: false,
      status: 409,
      message: `${account.email} is already linked to ${dentist.name}. Unlink it there first.`,
    });
    expect((await prisma.dentist.findUniqueOrThrow({ where: { id: other.id } })).userId).toBeNull();
    expect((await dentistForAdmin(dentist.id))?.account?.email).toBe(account.email);

    expect(await unlinkDentistAccount(actor, dentist.id)).toMatchObject({
      ok: true,
      email: account.email,
    });
    expect(
      (await prisma.dentist.findUniqueOrThrow({ where: { id: dentist.id } })).userId,
    ).toBeNull();
    expect((await prisma.user.findUniqueOrThrow({ where: { id: account.id } })).role).toBe(
      "dentist",
    );
    expect((await auditsOf(dentist.id)).map((entry) => entry.action)).toEqual(
      expect.arrayContaining(["dentist.account.link", "dentist.account.unlink"]),
    );
  });
});

describe("the page", () => {
  it("shows 404 for an unknown dentist, refuses an unknown intent, and shows a confirm step for a removal", async () => {
    const missing = await settle(() =>
      dentistLoader(loaderArgs(get("/staff/dentists/nope", adminCookie), { id: "nope" })),
    );
    expect(missing.status).toBe(404);
    const dentist = await workingDentist("Dr. Page");
    const unknown = await outcome(
      await dentistAction(
        actionArgs(
          formPost(`/staff/dentists/${dentist.id}`, { intent: "fire" }, adminCookie),
          undefined,
          {
            id: dentist.id,
          },
        ),
      ),
    );
    expect(unknown).toMatchObject({
      status: 400,
      body: { error: "Please choose what to change." },
    });
    const added = await addDentistException(actor, dentist.id, {
      startDate: upcoming(MONDAY, 9),
      kind: "off",
    });
    expect(added.ok).toBe(true);
    const [exception] = await prisma.dentistException.findMany({
      where: { dentistId: dentist.id },
    });
    const page = await outcome(
      await dentistLoader(
        loaderArgs(get(`/staff/dentists/${dentist.id}?remove=${exception!.id}`, adminCookie), {
          id: dentist.id,
        }),
      ),
    );
    expect(page.body).toMatchObject({ removing: { id: exception!.id, day: "Closed" } });
    expect(await prisma.dentistException.count({ where: { dentistId: dentist.id } })).toBe(1);
  });
});

describe("the staff write limit", () => {
  it("answers 429 with Retry-After on both screens once the admin passes it, changing nothing", async () => {
    const { limitStaffWrite, rateLimits, staffWriteKey } =
      await import("~/infra/rate-limit.server");
    const dentist = await workingDentist("Dr. Limited");
    const forget = () => rateLimits().staffWrites.forget(staffWriteKey(admin.id));
    await forget();
    try {
      for (let i = 0; i < 120; i += 1) expect(await limitStaffWrite(admin.id)).toBeNull();
      const name = `Dr. Too Many ${Date.now()}`;
      const added = await outcome(
        await teamAction(
          actionArgs(
            formPost("/staff/dentists", { name, title: "DDS", kind: "dentist" }, adminCookie),
          ),
        ),
      );
      expect(added.status).toBe(429);
      expect(added.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(await prisma.dentist.count({ where: { name } })).toBe(0);
      const plan = await outcome(
        await dentistAction(
          actionArgs(
            formPost(
              `/staff/dentists/${dentist.id}`,
              { intent: "plan", ...weekForm("10:00", "11:00") },
              adminCookie,
            ),
            undefined,
            { id: dentist.id },
          ),
        ),
      );
      expect(plan.status).toBe(429);
      const row = await prisma.dentist.findUniqueOrThrow({ where: { id: dentist.id } });
      expect(JSON.parse(row.weeklyPlan).monday).toEqual({
        start: "09:00",
        end: "17:00",
        breaks: [],
      });
    } finally {
      await forget();
    }
  });
});
