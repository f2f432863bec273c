// The admin's settings, closures and chairs against a real SQLite file: each change is
// validated, written with its audit row in one transaction (nothing on a refusal), and
// the patient side (the free-slot route, the booking page, the public clinic details)
// sees it on its next request, without a restart, even when those reads were cached.
import { beforeAll, describe, expect, it } from "vitest";
import { changeChairs, LAST_CHAIR_MESSAGE, listChairs } from "~/models/team/chairs.server";
import { getClinicSettings, getPublicClinic } from "~/models/settings/clinic-settings.server";
import {
  CLOSURE_GONE_MESSAGE,
  createClosure,
  listClosures,
  PAST_CLOSURE_MESSAGE,
  removeClosure,
} from "~/models/settings/closures.server";
import { loadDay } from "~/models/booking/availability.server";
import { CHOOSE_SECTION_MESSAGE, saveClinicSettings } from "~/models/settings/admin.server";
import { loader as bookingLoader } from "~/routes/make-appointment";
import { loader as freeSlotsRoute } from "~/routes/resources.free-slots";
import { action as settingsAction, loader as settingsLoader } from "~/routes/staff.settings";
import { action as closuresAction } from "~/routes/staff.closures";
import { action as chairsAction } from "~/routes/staff.chairs";
import { formatDate } from "~/utils/clinic-format";
import { addDays, clinicNow } from "~/utils/clinic-time";
import { prisma } from "~/infra/db.server";
import { TUESDAY, upcoming } from "../../support/clinic-dates";
import { createService, createUser, sessionFor, storeAppointment } from "../../support/factories";
import {
  actionArgs,
  formPost,
  get,
  loaderArgs,
  outcome,
  toastOf,
} from "../../support/auth-helpers";

const CLOCK = { timeZone: "America/New_York", locale: "en-US" };

type Actor = { id: string; role: "admin" };
let admin: Actor;
let adminCookie: string;
let checkup: { id: string; name: string };

beforeAll(async () => {
  const user = await createUser({ role: "admin", name: "Ada Admin" });
  admin = { id: user.id, role: "admin" };
  adminCookie = (await sessionFor(user)).cookie;
  checkup = await createService({ name: "Settings Check-up", durationMinutes: 30 });
});

async function freeTimes(date: string, service = checkup.id): Promise<string[]> {
  const response = await freeSlotsRoute(
    loaderArgs(get(`/resources/free-slots?date=${date}&service=${service}`)),
  );
  const body = (await (response as Response).json()) as { times: string[] };
  return body.times;
}

/** The stored week as the hours form sends it, with `change` on top. */
async function hoursForm(change: Record<string, string>) {
  const { weeklyHours } = await getClinicSettings();
  const form: Record<string, string> = { intent: "hours" };
  for (const [day, plan] of Object.entries(weeklyHours)) {
    if (!plan) form[`${day}-closed`] = "on";
    form[`${day}-opens`] = plan?.start ?? "";
    form[`${day}-closes`] = plan?.end ?? "";
    for (const [index, gap] of (plan?.breaks ?? []).entries()) {
      form[`${day}-break${index + 1}-start`] = gap.start;
      form[`${day}-break${index + 1}-end`] = gap.end;
    }
  }
  return { ...form, ...change };
}

async function bookingRulesForm(change: Record<string, string>) {
  const settings = await getClinicSettings();
  return {
    intent: "booking",
    gridMinutes: String(settings.gridMinutes),
    minNoticeMinutes: String(settings.minNoticeMinutes),
    horizonDays: String(settings.horizonDays),
    cancellationCutoffHours: String(settings.cancellationCutoffHours),
    maxUpcomingPerPatient: String(settings.maxUpcomingPerPatient),
    ...change,
  };
}

const auditCount = () => prisma.auditEntry.count();
const lastAudit = () =>
  prisma.auditEntry.findFirstOrThrow({ orderBy: [{ at: "desc" }, { id: "desc" }] });

describe("opening hours", () => {
  it("a new Tuesday shows in the free-slot route and the booking page at once, audited", async () => {
    const tuesday = upcoming(TUESDAY, 1);
    // Warm the cached reads: a stale cache would keep answering these.
    expect((await freeTimes(tuesday)).slice(0, 2)).toEqual(["09:00", "09:30"]);
    const user = await createUser();
    const page = async () =>
      (await bookingLoader(loaderArgs(get("/make-appointment", (await sessionFor(user)).cookie))))
        .hours;
    expect(await page()).toMatch(/^Monday to Saturday: 9:00\sAM to 5:00\sPM/);

    const before = await getClinicSettings();
    // One visit that the new hours leave out: saved all the same, and counted.
    const late = await storeAppointment({
      userId: null,
      serviceId: checkup.id,
      date: tuesday,
      time: "15:00",
    });
    const result = await saveClinicSettings(
      await hoursForm({
        "tuesday-opens": "10:00",
        "tuesday-closes": "12:30",
        "tuesday-break1-start": "11:00",
        "tuesday-break1-end": "11:30",
      }),
      admin,
    );
    expect(result).toEqual({
      ok: true,
      message:
        "The opening hours are saved. 1 upcoming visit no longer fits the diary: see Needs attention in the diary.",
      changed: true,
    });
    await prisma.appointment.delete({ where: { id: late.id } });
    expect(await freeTimes(tuesday)).toEqual(["10:00", "10:30", "11:30", "12:00"]);
    expect(await page()).toMatch(
      /Tuesday: 10:00\s?AM to 12:30\s?PM, closed 11:00\s?AM to 11:30\s?AM/,
    );

    const entry = await lastAudit();
    expect(entry).toMatchObject({
      actorId: admin.id,
      actorRole: "admin",
      action: "settings.hours",
      entityType: "ClinicSettings",
      entityId: "1",
      summary: "Changed the clinic's opening hours",
    });
    expect(JSON.parse(entry.before!)).toEqual({ weeklyHours: before.weeklyHours });
    expect(JSON.parse(entry.after!).weeklyHours.tuesday).toEqual({
      start: "10:00",
      end: "12:30",
      breaks: [{ start: "11:00", end: "11:30" }],
    });

    // Back to the old week: the route offers 09:00 again.
    await saveClinicSettings(
      await hoursForm({
        "tuesday-opens": "09:00",
        "tuesday-closes": "17:00",
        "tuesday-break1-start": "",
        "tuesday-break1-end": "",
      }),
      admin,
    );
    expect((await freeTimes(tuesday))[0]).toBe("09:00");
  });

  it("a refusal names the weekday and writes nothing", async () => {
    const before = await prisma.clinicSettings.findUniqueOrThrow({ where: { id: 1 } });
    const audits = await auditCount();
    const result = await saveClinicSettings(
      await hoursForm({
        "thursday-break1-start": "12:00",
        "thursday-break1-end": "13:00",
        "thursday-break2-start": "12:30",
        "thursday-break2-end": "14:00",
      }),
      admin,
    );
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      field: "thursday-break2-start",
      message: "Thursday: the breaks 12:00 PM to 1:00 PM and 12:30 PM to 2:00 PM overlap.",
    });
    expect(await prisma.clinicSettings.findUniqueOrThrow({ where: { id: 1 } })).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  it("saving the same hours again records nothing", async () => {
    const audits = await auditCount();
    expect(await saveClinicSettings(await hoursForm({}), admin)).toMatchObject({
      ok: true,
      changed: false,
      message: "Nothing changed.",
    });
    expect(await auditCount()).toBe(audits);
  });

  it("refuses an unknown section", async () => {
    expect(await saveClinicSettings({ intent: "everything" }, admin)).toMatchObject({
      ok: false,
      status: 400,
      message: CHOOSE_SECTION_MESSAGE,
    });
  });
});

describe("booking rules", () => {
  it("a longer notice empties the next days at once, and the horizon moves the booking page's last day", async () => {
    const tuesday = upcoming(TUESDAY);
    expect((await freeTimes(tuesday)).length).toBeGreaterThan(0);
    const result = await saveClinicSettings(
      await bookingRulesForm({ minNoticeMinutes: String(8 * 24 * 60), horizonDays: "40" }),
      admin,
    );
    expect(result).toMatchObject({ ok: true, message: "The booking rules are saved." });
    expect(await freeTimes(tuesday)).toEqual([]);
    const user = await createUser();
    const page = await bookingLoader(
      loaderArgs(get("/make-appointment", (await sessionFor(user)).cookie)),
    );
    expect(page.maxDate).toBe(addDays(clinicNow().date, 40));
    const entry = await lastAudit();
    expect(entry.action).toBe("settings.booking");
    expect(JSON.parse(entry.after!)).toMatchObject({
      minNoticeMinutes: 8 * 24 * 60,
      horizonDays: 40,
    });
    expect(JSON.parse(entry.before!)).toMatchObject({ minNoticeMinutes: 120, horizonDays: 90 });

    await saveClinicSettings(
      await bookingRulesForm({ minNoticeMinutes: "120", horizonDays: "90" }),
      admin,
    );
    expect((await freeTimes(tuesday)).length).toBeGreaterThan(0);
  });

  it("refuses a grid that a service's length does not fit, naming the service", async () => {
    await saveClinicSettings(await bookingRulesForm({ gridMinutes: "15" }), admin);
    const odd = await createService({ name: "Quick Polish", durationMinutes: 45 });
    const audits = await auditCount();
    const result = await saveClinicSettings(await bookingRulesForm({ gridMinutes: "30" }), admin);
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      field: "gridMinutes",
      message:
        "A 30-minute grid does not fit the length of Quick Polish (45 minutes). Change their lengths first.",
    });
    expect((await getClinicSettings()).gridMinutes).toBe(15);
    expect(await auditCount()).toBe(audits);
    await prisma.service.update({ where: { id: odd.id }, data: { durationMinutes: 60 } });
  });

  it("refuses a coarser grid while the hours or an upcoming visit are off it", async () => {
    await saveClinicSettings(await hoursForm({ "friday-opens": "09:15" }), admin);
    expect(
      await saveClinicSettings(await bookingRulesForm({ gridMinutes: "30" }), admin),
    ).toMatchObject({
      ok: false,
      message: "The opening hours of Friday are not on a 30-minute grid. Change them first.",
    });
    await saveClinicSettings(await hoursForm({ "friday-opens": "09:00" }), admin);

    const date = upcoming(TUESDAY, 3);
    const visit = await storeAppointment({
      userId: null,
      serviceId: checkup.id,
      date,
      time: "10:15",
    });
    expect(
      await saveClinicSettings(await bookingRulesForm({ gridMinutes: "30" }), admin),
    ).toMatchObject({
      ok: false,
      field: "gridMinutes",
      // The date and time as the clinic writes them (issue 25: its locale everywhere).
      message: expect.stringMatching(
        /^1 upcoming visit starts off a 30-minute grid \(the first on \w+day, \w+ \d{1,2}, \d{4} at 10:15 AM\)\. Move it first\.$/,
      ),
    });
    await prisma.appointment.delete({ where: { id: visit.id } });
    expect(
      await saveClinicSettings(await bookingRulesForm({ gridMinutes: "30" }), admin),
    ).toMatchObject({ ok: true });
  });

  it("keeps an upcoming visit's holds across grid changes, and editing its service changes nothing booked", async () => {
    const date = upcoming(TUESDAY, 4);
    const visit = await storeAppointment({
      userId: null,
      serviceId: checkup.id,
      date,
      time: "10:00",
      minutes: 60,
    });
    const holdsOf = () =>
      prisma.slotHold.findMany({
        where: { appointmentId: visit.id },
        orderBy: [{ resource: "asc" }, { startsAt: "asc" }],
        select: { resource: true, startsAt: true, layer: true },
      });
    const before = await holdsOf();
    // A 60-minute visit holds four 15-minute steps of its dentist and its chair.
    expect(before).toHaveLength(8);
    try {
      // The service gets shorter: the visit booked for an hour still holds its hour.
      await prisma.service.update({ where: { id: checkup.id }, data: { durationMinutes: 30 } });
      expect(
        await saveClinicSettings(await bookingRulesForm({ gridMinutes: "15" }), admin),
      ).toMatchObject({ ok: true });
      expect(await holdsOf()).toEqual(before);
      const quarter = await createService({ name: "Quarter", durationMinutes: 15 });
      const times = await freeTimes(date, quarter.id);
      expect(times).toContain("09:45");
      expect(times).not.toContain("10:15");
      expect(times).not.toContain("10:45");
      expect(times).toContain("11:00");
      await prisma.service.delete({ where: { id: quarter.id } });
      await saveClinicSettings(await bookingRulesForm({ gridMinutes: "30" }), admin);
      expect(await holdsOf()).toEqual(before);
    } finally {
      await prisma.service.update({ where: { id: checkup.id }, data: { durationMinutes: 30 } });
      await prisma.appointment.delete({ where: { id: visit.id } });
    }
  });
});

describe("reminders, approval and contact details", () => {
  it("saves the reminder rules, quiet hours and offer validity", async () => {
    const result = await saveClinicSettings(
      {
        intent: "reminders",
        reminder1: "24",
        reminder2: "72",
        reminder3: "",
        quietHoursStart: "21:00",
        quietHoursEnd: "07:00",
        waitlistOfferHours: "4",
      },
      admin,
    );
    expect(result).toMatchObject({ ok: true });
    expect(await getClinicSettings()).toMatchObject({
      reminderRules: [{ hoursBefore: 72 }, { hoursBefore: 24 }],
      quietHoursStart: "21:00",
      quietHoursEnd: "07:00",
      waitlistOfferHours: 4,
    });
    const entry = await lastAudit();
    expect(entry.action).toBe("settings.reminders");
    expect(JSON.parse(entry.before!).reminderRules).toEqual([
      { hoursBefore: 48 },
      { hoursBefore: 2 },
    ]);
  });

  it("switches approval of patient-added services and reviews off and on, each on its own", async () => {
    await saveClinicSettings({ intent: "approval" }, admin);
    expect(await getClinicSettings()).toMatchObject({
      serviceApprovalRequired: false,
      reviewApprovalRequired: false,
    });
    await saveClinicSettings({ intent: "approval", serviceApprovalRequired: "on" }, admin);
    expect(await getClinicSettings()).toMatchObject({
      serviceApprovalRequired: true,
      reviewApprovalRequired: false,
    });
    expect((await lastAudit()).after).toBe(
      JSON.stringify({ serviceApprovalRequired: true, reviewApprovalRequired: false }),
    );
    await saveClinicSettings({ intent: "approval", reviewApprovalRequired: "on" }, admin);
    expect(await getClinicSettings()).toMatchObject({
      serviceApprovalRequired: false,
      reviewApprovalRequired: true,
    });
    await saveClinicSettings(
      { intent: "approval", serviceApprovalRequired: "on", reviewApprovalRequired: "on" },
      admin,
    );
  });

  it("new contact details reach the public clinic details at once", async () => {
    await getPublicClinic();
    const contact = {
      intent: "contact",
      clinicName: "Riverside Dental",
      phone: "+1 555 010 0199",
      email: "hello@riverside.example",
      street: "2 River Rd",
      city: "Springfield",
      region: "IL",
      postalCode: "62702",
    };
    expect(await saveClinicSettings(contact, admin)).toMatchObject({ ok: true });
    const clinic = await getPublicClinic();
    expect(clinic).toMatchObject({
      name: "Riverside Dental",
      phone: "+1 555 010 0199",
      addressLine: "2 River Rd, Springfield, IL 62702",
    });
    expect(clinic.structuredData).toMatchObject({ name: "Riverside Dental" });
    expect(await saveClinicSettings({ ...contact, email: "nope" }, admin)).toMatchObject({
      ok: false,
      field: "email",
    });
    expect((await getPublicClinic()).email).toBe("hello@riverside.example");
  });
});

describe("the settings page", () => {
  it("saves a section and comes back with a toast; a bad value is the form again with its message", async () => {
    const saved = await outcome(
      await settingsAction(
        actionArgs(
          formPost(
            "/staff/settings",
            await bookingRulesForm({ maxUpcomingPerPatient: "5" }),
            adminCookie,
          ),
        ),
      ),
    );
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/staff/settings#booking-heading");
    expect(await toastOf(saved.headers)).toMatchObject({
      type: "success",
      message: "The booking rules are saved.",
    });
    const page = await settingsLoader(loaderArgs(get("/staff/settings", adminCookie)));
    expect(page.maxUpcomingPerPatient).toBe(5);

    const refused = await outcome(
      await settingsAction(
        actionArgs(
          formPost("/staff/settings", await bookingRulesForm({ horizonDays: "abc" }), adminCookie),
        ),
      ),
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: "Please enter the booking horizon in days as a whole number from 1 to 730.",
      field: "horizonDays",
      values: { horizonDays: "abc", intent: "booking" },
    });
  });
});

describe("closures", () => {
  it("adds a closure over a booked visit: the day offers nothing, the screen counts the visit", async () => {
    const date = upcoming(TUESDAY, 5);
    const patient = await createUser();
    await storeAppointment({ userId: patient.id, serviceId: checkup.id, date, time: "11:00" });
    expect((await freeTimes(date)).length).toBeGreaterThan(0);
    const result = await createClosure(
      { name: " Staff  training ", startDate: date, endDate: "" },
      admin,
    );
    expect(result).toMatchObject({
      ok: true,
      closure: { name: "Staff training", startDate: date, endDate: date, visits: 1 },
    });
    expect(await freeTimes(date)).toEqual([]);
    const listed = await listClosures();
    expect(listed.upcoming.find((closure) => closure.startDate === date)).toMatchObject({
      visits: 1,
    });
    const entry = await lastAudit();
    expect(entry).toMatchObject({
      action: "closure.add",
      entityType: "ClinicClosure",
      summary: `Closed the clinic for Staff training (${formatDate(date, CLOCK)})`,
    });
    expect(JSON.parse(entry.after!)).toMatchObject({ name: "Staff training", startDate: date });

    const overlap = await createClosure(
      { name: "Again", startDate: addDays(date, -1), endDate: date },
      admin,
    );
    expect(overlap).toMatchObject({
      ok: false,
      field: "startDate",
      message: `Those days overlap the closure Staff training (${formatDate(date, CLOCK)}).`,
    });

    const closureId = result.ok ? result.closure.id : "";
    const removed = await removeClosure({ closureId }, admin);
    expect(removed).toMatchObject({ ok: true, closure: { name: "Staff training" } });
    expect((await freeTimes(date)).length).toBeGreaterThan(0);
    expect(await prisma.clinicClosure.findUnique({ where: { id: closureId } })).toBeNull();
    expect(await lastAudit()).toMatchObject({ action: "closure.remove", entityId: closureId });
    expect(await removeClosure({ closureId }, admin)).toMatchObject({
      ok: false,
      status: 404,
      message: CLOSURE_GONE_MESSAGE,
    });
  });

  it("refuses a closure in the past, and removing one that has ended", async () => {
    const yesterday = addDays(clinicNow().date, -1);
    const audits = await auditCount();
    expect(
      await createClosure({ name: "Late", startDate: yesterday, endDate: yesterday }, admin),
    ).toMatchObject({
      ok: false,
      message: "The first day closed cannot be in the past.",
    });
    const past = await prisma.clinicClosure.create({
      data: { name: "Old", startDate: "2020-01-01", endDate: "2020-01-02" },
    });
    expect(await removeClosure({ closureId: past.id }, admin)).toMatchObject({
      ok: false,
      status: 409,
      message: PAST_CLOSURE_MESSAGE,
    });
    expect(await auditCount()).toBe(audits);
    expect((await listClosures()).past.map((closure) => closure.name)).toContain("Old");
  });

  it("the page adds through its action with a toast that counts the covered visits", async () => {
    const date = upcoming(TUESDAY, 6);
    await storeAppointment({ userId: null, serviceId: checkup.id, date, time: "09:00" });
    await storeAppointment({ userId: null, serviceId: checkup.id, date, time: "10:00" });
    const added = await outcome(
      await closuresAction(
        actionArgs(
          formPost(
            "/staff/closures",
            { intent: "add", name: "Flood", startDate: date, endDate: date },
            adminCookie,
          ),
        ),
      ),
    );
    expect(added.status).toBe(302);
    expect(await toastOf(added.headers)).toMatchObject({
      message: "Flood is added. It covers 2 booked visits: see Needs attention in the diary.",
    });
    const refused = await outcome(
      await closuresAction(
        actionArgs(
          formPost("/staff/closures", { intent: "remove", closureId: "nope" }, adminCookie),
        ),
      ),
    );
    expect(refused).toMatchObject({ status: 404, body: { error: CLOSURE_GONE_MESSAGE } });
  });
});

describe("chairs", () => {
  it("adds, renames and reorders chairs, audited, refusing a name taken", async () => {
    const added = await changeChairs({ intent: "add", name: "Surgery  Chair" }, admin);
    expect(added).toEqual({ ok: true, message: "Surgery Chair is added." });
    let chairs = await listChairs();
    expect(chairs.at(-1)).toMatchObject({ name: "Surgery Chair", active: true });
    const id = chairs.at(-1)!.id;
    expect(await lastAudit()).toMatchObject({ action: "chair.add", entityId: id });

    expect(await changeChairs({ intent: "add", name: "surgery chair" }, admin)).toMatchObject({
      ok: false,
      field: "name",
      message: "There is already a chair called surgery chair.",
    });
    expect(
      await changeChairs({ intent: "rename", chairId: id, name: "Chair 1" }, admin),
    ).toMatchObject({ ok: false });
    expect(
      await changeChairs({ intent: "rename", chairId: id, name: "Oral Surgery" }, admin),
    ).toMatchObject({
      ok: true,
      message: "Surgery Chair is now called Oral Surgery.",
    });
    const renamed = await lastAudit();
    expect(JSON.parse(renamed.before!)).toEqual({ name: "Surgery Chair" });
    expect(JSON.parse(renamed.after!)).toEqual({ name: "Oral Surgery" });

    const names = async () => (await listChairs()).map((chair) => chair.name);
    const order = await names();
    await changeChairs({ intent: "up", chairId: id }, admin);
    chairs = await listChairs();
    expect(await names()).toEqual([...order.slice(0, -2), "Oral Surgery", order.at(-2)]);
    expect(await changeChairs({ intent: "down", chairId: id }, admin)).toMatchObject({ ok: true });
    expect(await names()).toEqual(order);
    expect(await changeChairs({ intent: "down", chairId: id }, admin)).toMatchObject({
      ok: true,
      message: "Oral Surgery is already last.",
    });
    expect(await lastAudit()).toMatchObject({ action: "chair.reorder" });
  });

  it("deactivates a chair without upcoming visits (bookings stop using it) and refuses one with visits", async () => {
    await changeChairs({ intent: "add", name: "Spare" }, admin);
    const spare = (await listChairs()).find((chair) => chair.name === "Spare")!;
    const date = upcoming(TUESDAY, 7);
    expect((await loadDay(date, null)).chairs.map((c) => c.id)).toContain(spare.id);
    const visit = await storeAppointment({
      userId: null,
      serviceId: checkup.id,
      date,
      time: "09:00",
      chairId: spare.id,
    });
    const audits = await auditCount();
    expect(await changeChairs({ intent: "deactivate", chairId: spare.id }, admin)).toMatchObject({
      ok: false,
      status: 409,
      message: "Spare has 1 upcoming visit. Move it to another chair in the diary first.",
    });
    expect(await auditCount()).toBe(audits);
    await prisma.appointment.delete({ where: { id: visit.id } });

    expect(await changeChairs({ intent: "deactivate", chairId: spare.id }, admin)).toMatchObject({
      ok: true,
    });
    expect((await loadDay(date, null)).chairs.map((c) => c.id)).not.toContain(spare.id);
    expect(await lastAudit()).toMatchObject({
      action: "chair.deactivate",
      before: JSON.stringify({ active: true }),
    });
    expect(await changeChairs({ intent: "reactivate", chairId: spare.id }, admin)).toMatchObject({
      ok: true,
    });
    expect((await listChairs()).find((chair) => chair.id === spare.id)?.active).toBe(true);
  });

  it("keeps one chair active", async () => {
    await changeChairs({ intent: "add", name: "Last Standing" }, admin);
    const last = (await listChairs()).find((chair) => chair.name === "Last Standing")!;
    const others = (await listChairs()).filter((chair) => chair.id !== last.id && chair.active);
    const ids = others.map((chair) => chair.id);
    await prisma.chair.updateMany({ where: { id: { in: ids } }, data: { active: false } });
    try {
      expect(await changeChairs({ intent: "deactivate", chairId: last.id }, admin)).toMatchObject({
        ok: false,
        status: 409,
        message: LAST_CHAIR_MESSAGE,
      });
      expect((await listChairs()).find((chair) => chair.id === last.id)?.active).toBe(true);
    } finally {
      await prisma.chair.updateMany({ where: { id: { in: ids } }, data: { active: true } });
    }
  });

  it("the page refuses an unknown chair and an unknown intent with a message", async () => {
    const gone = await outcome(
      await chairsAction(
        actionArgs(
          formPost("/staff/chairs", { intent: "rename", chairId: "nope", name: "X" }, adminCookie),
        ),
      ),
    );
    expect(gone).toMatchObject({ status: 404, body: { error: "That chair no longer exists." } });
    const odd = await outcome(
      await chairsAction(actionArgs(formPost("/staff/chairs", { intent: "paint" }, adminCookie))),
    );
    expect(odd).toMatchObject({
      status: 400,
      body: { error: "Please choose what to do with the chairs." },
    });
  });
});
