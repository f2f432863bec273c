// The booking rules and their evaluation, without a database: each refusal names its real
// reason, the policies differ only in what binds whom, free times ask the same list.
import { describe, expect, it } from "vitest";
import { dayRefusal, dentistsFreeAt, evaluate, proposalAt } from "~/models/booking/evaluate";
import { freeStartsOn } from "~/models/booking/free-starts";
import { deskPolicy, onlinePolicy, UPGRADE_POLICY } from "~/models/booking/policy";
import {
  BOOKING_RULES,
  type DentistOnDay,
  type RuleDay,
  type RuleSettings,
  SLOT_TAKEN_MESSAGE,
} from "~/models/booking/rules";
import { clinicNow, clinicTimeToUtc } from "~/utils/clinic-time";
import {
  chairResource,
  dayOfPlan,
  dentistResource,
  holdKey,
  holdSteps,
  workingIntervals,
} from "~/models/booking/slot-engine";
import type { DayPlan, WeeklyPlan } from "~/validation/schedule";

const ZONE = "America/New_York";
const plan = (start: string, end: string, breaks: { start: string; end: string }[] = []) =>
  ({ start, end, breaks }) as DayPlan;
const WITH_LUNCH = plan("09:00", "17:00", [{ start: "12:30", end: "13:30" }]);
const WEEK: WeeklyPlan = {
  monday: WITH_LUNCH,
  tuesday: WITH_LUNCH,
  wednesday: WITH_LUNCH,
  thursday: WITH_LUNCH,
  friday: WITH_LUNCH,
  saturday: plan("09:00", "13:00"),
  sunday: null,
};
const SETTINGS: RuleSettings = {
  timeZone: ZONE,
  locale: "en-US",
  gridMinutes: 30,
  minNoticeMinutes: 0,
  horizonDays: 90,
  maxUpcomingPerPatient: 3,
  maxVisitsPerDentistPerDay: 0,
  weeklyHours: WEEK,
};
/** Long before any date used here: notice and the past never bite unless a test says so. */
const LONG_AGO = new Date("2026-11-01T00:00:00Z");
const MONDAY = "2026-12-07";
const SATURDAY = "2026-12-12";
const CHECKUP = { name: "Check-up", durationMinutes: 30, bufferMinutes: 0 };
const HOUR = { name: "Crown", durationMinutes: 60, bufferMinutes: 0 };
const ONLINE = onlinePolicy("patient");
const DESK = deskPolicy({ id: "rita", role: "reception" });

function dentist(
  id: string,
  date: string,
  options: Partial<DentistOnDay> & { week?: WeeklyPlan; sortOrder?: number } = {},
): DentistOnDay {
  const own = options.day !== undefined ? options.day : dayOfPlan(options.week ?? WEEK, date);
  return {
    id,
    name: `Dr. ${id[0]!.toUpperCase()}${id.slice(1)}`,
    sortOrder: 0,
    active: true,
    performs: true,
    exception: null,
    day: own,
    intervals: workingIntervals({
      dentistDay: own,
      clinicDay: dayOfPlan(WEEK, date),
      closed: false,
    }),
    ...options,
  };
}

function diary(date: string, overrides: Partial<RuleDay> = {}): RuleDay {
  return {
    date,
    settings: SETTINGS,
    closureName: null,
    dentists: [dentist("patel", date)],
    chairs: [{ id: "chair-1", sortOrder: 0 }],
    held: new Set(),
    visitsByDentist: new Map(),
    heldMinutes: new Map(),
    ...overrides,
  };
}

/** Holds a resource from `time` for `minutes`, as a booking would. */
function hold(held: Set<string>, resource: string, date: string, time: string, minutes: number) {
  const startsAt = clinicTimeToUtc(date, time, ZONE);
  const endsAt = new Date(startsAt.getTime() + minutes * 60_000);
  for (const step of holdSteps({ startsAt, endsAt, bufferMinutes: 0 })) {
    held.add(holdKey(resource, step));
  }
  return held;
}

function ask(
  day: RuleDay,
  time: string,
  options: Partial<Parameters<typeof evaluate>[0]> & { visit?: typeof CHECKUP } = {},
) {
  const { visit = CHECKUP, ...rest } = options;
  return evaluate({
    day,
    proposal: proposalAt(day.date, time, ZONE, visit),
    now: LONG_AGO,
    policy: ONLINE,
    ...rest,
  });
}

const message = (verdict: ReturnType<typeof ask>) =>
  verdict.ok
    ? null
    : `${verdict.refusal.message}${verdict.refusal.advice ? ` ${verdict.refusal.advice}` : ""}`;

describe("the list", () => {
  it("has each rule once, day rules before time rules before dentists, chairs and patients", () => {
    const ids = BOOKING_RULES.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    const order = ["day", "time", "dentist", "chair", "patient"];
    const scopes = BOOKING_RULES.map((rule) => order.indexOf(rule.scope));
    expect(scopes).toEqual([...scopes].sort((a, b) => a - b));
    // Only the diary's state may be booked past on purpose, and never by a patient.
    for (const rule of BOOKING_RULES) {
      expect(rule.overridableBy).not.toContain("patient");
      if (rule.overridableBy.length > 0) expect(rule.status).toBe(409);
    }
  });
});

describe("refusals name the real reason", () => {
  it("a dentist's day off, their hours, an exception, the clinic's hours and closures", () => {
    const saturday = diary(SATURDAY, {
      dentists: [dentist("patel", SATURDAY, { week: { ...WEEK, saturday: null } })],
    });
    expect(message(ask(saturday, "10:00", { dentistId: "patel" }))).toBe(
      "Dr. Patel does not work on Saturdays.",
    );
    expect(message(ask(saturday, "10:00"))).toBe(
      "No dentist who performs Check-up works at that time.",
    );
    const mornings = diary(MONDAY, {
      dentists: [dentist("patel", MONDAY, { week: { ...WEEK, monday: plan("09:00", "12:00") } })],
    });
    expect(message(ask(mornings, "14:00", { dentistId: "patel" }))).toBe(
      "That time is outside Dr. Patel's working hours on Mondays (9:00 AM to 12:00 PM).",
    );
    const away = diary(MONDAY, {
      dentists: [dentist("patel", MONDAY, { day: null, exception: { note: "Conference" } })],
    });
    const refused = ask(away, "10:00", { dentistId: "patel" });
    expect(!refused.ok && refused.refusal).toMatchObject({
      rule: "dentist-works",
      message: "Dr. Patel is away on Monday, December 7, 2026.",
      staffNote: "Conference",
    });
    expect(message(ask(diary(MONDAY), "16:45", { visit: HOUR }))).toMatch(
      /^We are open from 9:00 AM to 12:30 PM and 1:30 PM to 5:00 PM: a visit of 1 hour can start between/,
    );
    expect(message(ask(diary("2026-12-13"), "10:00"))).toBe(
      "The clinic is closed on Sundays. We are open Monday to Saturday.",
    );
    expect(message(ask(diary(MONDAY, { closureName: "Burst pipe" }), "10:00"))).toBe(
      "The clinic is closed on Monday, December 7, 2026 (Burst pipe). Please choose another day.",
    );
    const retired = diary(MONDAY, { dentists: [dentist("patel", MONDAY, { active: false })] });
    expect(message(ask(retired, "10:00", { dentistId: "patel" }))).toBe(
      "Dr. Patel no longer sees patients.",
    );
    const other = diary(MONDAY, { dentists: [dentist("patel", MONDAY, { performs: false })] });
    expect(message(ask(other, "10:00", { dentistId: "patel" }))).toBe(
      "Dr. Patel does not perform Check-up. Please choose another dentist or Any dentist.",
    );
  });

  it("the patient's cap of upcoming visits, the notice, the grid and the past", () => {
    expect(message(ask(diary(MONDAY), "10:00", { patientUpcoming: 3 }))).toBe(
      "You already have 3 upcoming appointments. Please cancel one before booking another.",
    );
    expect(ask(diary(MONDAY), "10:00", { patientUpcoming: 2 }).ok).toBe(true);
    const now = clinicTimeToUtc(MONDAY, "09:40", ZONE);
    const noticed = diary(MONDAY, { settings: { ...SETTINGS, minNoticeMinutes: 120 } });
    expect(message(ask(noticed, "11:30", { now }))).toBe(
      "Online bookings need at least 2 hours notice. Please choose a later time.",
    );
    expect(message(ask(noticed, "09:30", { now }))).toBe(
      "That date and time has already passed. Please choose a time in the future.",
    );
    expect(message(ask(diary(MONDAY), "10:15"))).toBe(
      "Appointments start every 30 minutes (9:00 AM, 9:30 AM, ...). Please choose one of those times.",
    );
    expect(message(ask(diary("2027-03-08"), "10:00"))).toBe(
      "Appointments can be booked up to 90 days ahead. Please choose an earlier date.",
    );
  });

  it("a taken time is 409 'already booked', for the dentist or for every chair", () => {
    const held = hold(new Set(), dentistResource("patel"), MONDAY, "10:00", 30);
    const taken = ask(diary(MONDAY, { held }), "10:00");
    expect(taken).toMatchObject({
      ok: false,
      refusal: { rule: "dentist-free", status: 409, message: SLOT_TAKEN_MESSAGE },
    });
    const chairs = hold(new Set(), chairResource("chair-1"), MONDAY, "10:00", 30);
    expect(ask(diary(MONDAY, { held: chairs }), "10:00")).toMatchObject({
      ok: false,
      refusal: { rule: "chair-free" },
    });
  });
});

describe("policies", () => {
  it("the desk is not bound by the notice or the cap, and books past a taken time only with a reason", () => {
    const now = clinicTimeToUtc(MONDAY, "09:40", ZONE);
    const noticed = diary(MONDAY, { settings: { ...SETTINGS, minNoticeMinutes: 120 } });
    expect(ask(noticed, "10:00", { now, policy: DESK, patientUpcoming: 9 }).ok).toBe(true);
    expect(ask(noticed, "09:30", { now, policy: DESK }).ok).toBe(false);

    const held = hold(new Set(), dentistResource("patel"), MONDAY, "10:00", 30);
    const taken = diary(MONDAY, { held });
    expect(ask(taken, "10:00", { policy: DESK, dentistId: "patel" })).toMatchObject({
      ok: false,
      overridable: true,
    });
    expect(ask(taken, "10:00", { dentistId: "patel" })).toMatchObject({
      ok: false,
      overridable: false,
    });
    const anyway = deskPolicy({ id: "rita", role: "reception" }, { reason: "Emergency" });
    expect(ask(taken, "10:00", { policy: anyway, dentistId: "patel" })).toMatchObject({
      ok: true,
      overridden: ["dentist-free"],
    });
    // An override never opens a closed clinic.
    expect(ask(diary("2026-12-13"), "10:00", { policy: anyway, dentistId: "patel" }).ok).toBe(
      false,
    );
    // Without a clash the override is not used.
    expect(ask(diary(MONDAY), "10:00", { policy: anyway, dentistId: "patel" })).toMatchObject({
      ok: true,
      overridden: [],
    });
  });

  it("the data upgrade places a visit where it is, on whatever day", () => {
    const held = hold(new Set(), dentistResource("patel"), "2026-12-13", "03:00", 30);
    expect(ask(diary("2026-12-13", { held }), "03:00", { policy: UPGRADE_POLICY })).toMatchObject({
      ok: true,
      overridden: ["dentist-free"],
    });
  });

  it("asks only the standing rules of a booked visit (needs attention)", () => {
    const standing = BOOKING_RULES.filter((rule) => rule.standing);
    const held = hold(new Set(), dentistResource("patel"), MONDAY, "10:00", 30);
    // Its own time is held, in the past and off today's grid: none of that is asked again.
    const verdict = ask(
      diary(MONDAY, { held, settings: { ...SETTINGS, gridMinutes: 60 } }),
      "10:30",
      {
        rules: standing,
        now: new Date("2030-01-01T00:00:00Z"),
        dentistId: "patel",
      },
    );
    expect(verdict.ok).toBe(true);
    expect(standing.map((rule) => rule.id)).toEqual([
      "closure",
      "clinic-day",
      "clinic-hours",
      "dentist-performs",
      "dentist-active",
      "dentist-works",
    ]);
  });
});

describe("free times ask the same rules", () => {
  it("fit the service's length into the working periods: none across lunch or past closing", () => {
    const starts = freeStartsOn({
      day: diary(MONDAY),
      visit: CHECKUP,
      policy: ONLINE,
      now: LONG_AGO,
    });
    expect(starts).toEqual([
      "09:00",
      "09:30",
      "10:00",
      "10:30",
      "11:00",
      "11:30",
      "12:00",
      "13:30",
      "14:00",
      "14:30",
      "15:00",
      "15:30",
      "16:00",
      "16:30",
    ]);
    const crown = { name: "Crown", durationMinutes: 90, bufferMinutes: 0 };
    expect(
      freeStartsOn({ day: diary(MONDAY), visit: crown, policy: ONLINE, now: LONG_AGO }),
    ).toEqual([
      "09:00",
      "09:30",
      "10:00",
      "10:30",
      "11:00",
      "13:30",
      "14:00",
      "14:30",
      "15:00",
      "15:30",
    ]);
  });

  it("keep a buffer free after a visit, and do not start inside another visit or its buffer", () => {
    // A 60-minute visit with a 30-minute buffer from 10:00 holds 10:00-11:30.
    const held = hold(new Set(), dentistResource("patel"), MONDAY, "10:00", 90);
    hold(held, chairResource("chair-1"), MONDAY, "10:00", 90);
    const day = diary(MONDAY, { held });
    const free = (visit: typeof CHECKUP) =>
      freeStartsOn({ day, visit, policy: ONLINE, now: LONG_AGO });
    expect(free(CHECKUP).slice(0, 3)).toEqual(["09:00", "09:30", "11:30"]);
    expect(free(HOUR)[0]).toBe("09:00");
    expect(ask(day, "09:30", { visit: HOUR }).ok).toBe(false);
    // Its own buffer: 30 minutes of buffer at 09:30 would hold the taken 10:00.
    expect(ask(day, "09:30", { visit: { ...CHECKUP, bufferMinutes: 30 } }).ok).toBe(false);
    // A 10-minute buffer holds part of the next step, which is taken.
    expect(ask(day, "09:30", { visit: { ...CHECKUP, bufferMinutes: 10 } }).ok).toBe(false);
    expect(ask(day, "12:00", { visit: { ...CHECKUP, bufferMinutes: 30 } }).ok).toBe(true);
  });

  it("respect the online notice, and the desk sees every time from now", () => {
    const now = clinicTimeToUtc(MONDAY, "09:40", ZONE);
    const day = diary(MONDAY, { settings: { ...SETTINGS, minNoticeMinutes: 120 } });
    expect(freeStartsOn({ day, visit: CHECKUP, policy: ONLINE, now })[0]).toBe("12:00");
    expect(freeStartsOn({ day, visit: CHECKUP, policy: DESK, now })[0]).toBe("10:00");
  });

  it("run on a 15-minute grid as on a 30-minute one", () => {
    const quarter = diary(MONDAY, { settings: { ...SETTINGS, gridMinutes: 15 } });
    const visit = { name: "Filling", durationMinutes: 45, bufferMinutes: 0 };
    const starts = freeStartsOn({ day: quarter, visit, policy: ONLINE, now: LONG_AGO });
    expect(starts.slice(0, 4)).toEqual(["09:00", "09:15", "09:30", "09:45"]);
    expect(starts).toContain("11:45");
    expect(starts).not.toContain("12:00");
  });

  it("none on a day the clinic does not book, with the day's reason", () => {
    expect(dayRefusal(diary("2026-12-13"), LONG_AGO, ONLINE)?.rule).toBe("clinic-day");
    expect(dayRefusal(diary(MONDAY), new Date("2026-12-08T12:00:00Z"), ONLINE)?.rule).toBe(
      "past-day",
    );
    expect(
      freeStartsOn({ day: diary("2026-12-13"), visit: CHECKUP, policy: ONLINE, now: LONG_AGO }),
    ).toEqual([]);
  });

  it("decide the day by the clinic's date even when UTC has moved on", () => {
    // 23:00 on Wednesday in New York is 04:00 on Thursday UTC: Thursday is still tomorrow.
    const lateEvening = new Date("2030-01-10T04:00:00Z");
    expect(dayRefusal(diary("2030-01-10"), lateEvening, ONLINE)).toBeNull();
    expect(dayRefusal(diary("2030-01-09"), lateEvening, ONLINE)).toBeNull();
    expect(dayRefusal(diary("2030-01-08"), lateEvening, ONLINE)?.rule).toBe("past-day");
    expect(ask(diary("2030-01-09"), "16:30", { now: lateEvening })).toMatchObject({
      ok: false,
      refusal: { rule: "past-time" },
    });
  });
});

describe("free times asked the short way", () => {
  /** The long way: every grid start a candidate works, each evaluated as a booking. */
  function everyPair(ask: Parameters<typeof freeStartsOn>[0]): string[] {
    const grid = ask.day.settings.gridMinutes;
    const starts = new Set<number>();
    for (const candidate of ask.day.dentists) {
      if (ask.dentistId && candidate.id !== ask.dentistId) continue;
      for (const period of candidate.intervals) {
        for (
          let m = Math.ceil(period.start / grid) * grid;
          m + ask.visit.durationMinutes <= period.end;
          m += grid
        ) {
          starts.add(m);
        }
      }
    }
    if (dayRefusal(ask.day, ask.now, ask.policy)) return [];
    const { visit, ...rest } = ask;
    return [...starts]
      .sort((a, b) => a - b)
      .map(
        (m) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`,
      )
      .filter(
        (time) =>
          evaluate({
            ...rest,
            proposal: proposalAt(ask.day.date, time, ZONE, visit),
            policy: { ...ask.policy, override: null },
          }).ok,
      );
  }

  it("answer what every dentist with every chair answers, over many diaries", () => {
    // A small deterministic generator: the same diaries on every run.
    let seed = 31;
    // mulberry32
    const next = (below: number) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * below);
    };
    const times = ["09:00", "09:15", "09:30", "10:00", "11:00", "12:00", "12:15", "13:45"];
    times.push("14:00", "15:30", "16:30", "16:45");
    let compared = 0;
    let comparedRules = 0;
    for (let round = 0; round < 120; round += 1) {
      const date = [MONDAY, SATURDAY][next(2)]!;
      const dentists = ["a", "b", "c"].slice(0, 1 + next(3)).map((id, index) =>
        dentist(id, date, {
          sortOrder: index,
          performs: next(5) > 0,
          active: next(7) > 0,
          ...(next(4) === 0 ? { week: { ...WEEK, monday: null, saturday: null } } : {}),
        }),
      );
      const chairs = [
        { id: "chair-1", sortOrder: 0 },
        { id: "chair-2", sortOrder: 1 },
      ].slice(0, next(3));
      const held = new Set<string>();
      const visitsByDentist = new Map<string, Set<string>>();
      for (let k = next(12); k > 0; k -= 1) {
        const time = times[next(times.length)]!;
        const minutes = [30, 60, 90][next(3)]!;
        const resource =
          next(2) === 0 || chairs.length === 0
            ? dentistResource(dentists[next(dentists.length)]!.id)
            : chairResource(chairs[next(chairs.length)]!.id);
        hold(held, resource, date, time, minutes);
        if (resource.startsWith("dentist:")) {
          const id = resource.slice("dentist:".length);
          visitsByDentist.set(id, new Set([...(visitsByDentist.get(id) ?? []), `${time}-${k}`]));
        }
      }
      const day = diary(date, {
        dentists,
        chairs,
        // As the free days read them (readHeldStepsOfDays): asked without building keys.
        held:
          next(2) === 0
            ? held
            : {
                has: (key) => held.has(key),
                heldAt: (r, at) => held.has(holdKey(r, new Date(at))),
              },
        visitsByDentist,
        settings: {
          ...SETTINGS,
          maxVisitsPerDentistPerDay: next(3),
          gridMinutes: [15, 30][next(2)]!,
        },
      });
      const visit = [
        CHECKUP,
        HOUR,
        { ...CHECKUP, bufferMinutes: 15 },
        { name: "Filling", durationMinutes: 45, bufferMinutes: 10 },
      ][next(4)]!;
      const policy = [ONLINE, DESK, UPGRADE_POLICY][next(3)]!;
      const dentistId = next(3) === 0 ? dentists[next(dentists.length)]!.id : undefined;
      const chairId = next(4) === 0 && chairs.length > 0 ? chairs[0]!.id : undefined;
      const now = next(5) === 0 ? clinicTimeToUtc(date, "11:00", ZONE) : LONG_AGO;
      const question = { day, visit, policy, dentistId, chairId, now, patientUpcoming: next(5) };
      const expected = everyPair(question);
      expect(freeStartsOn(question), JSON.stringify({ round, dentistId, chairId })).toEqual(
        expected,
      );
      compared += expected.length;
      // Each rule that answers a day's starts at once answers as it does one by one.
      const proposals = ["08:30", ...times, "17:00"].map((time) =>
        proposalAt(date, time, ZONE, visit),
      );
      for (const rule of BOOKING_RULES.filter((candidate) => candidate.passesEach)) {
        for (const one of [null, ...dentists]) {
          for (const chair of [null, ...chairs]) {
            const input = { day, now, dentist: one, chair, patientUpcoming: null };
            const byOne = proposals.map((proposal) => !rule.check({ ...input, proposal }));
            expect(rule.passesEach!({ ...input, proposals }), rule.id).toEqual(byOne);
            comparedRules += byOne.filter(Boolean).length;
          }
        }
      }
    }
    // Many free times were compared, not only empty days.
    expect(compared).toBeGreaterThan(300);
    expect(comparedRules).toBeGreaterThan(1000);
  });
});

describe("daylight saving", () => {
  // US clocks spring forward on 2027-03-14 and fall back on 2026-11-01 (both Sundays).
  for (const date of ["2027-03-14", "2026-11-01"]) {
    it(`keeps a 10:00 visit at 10:00 wall clock on ${date}`, () => {
      const open = { ...WEEK, sunday: WITH_LUNCH };
      const day = diary(date, {
        settings: { ...SETTINGS, weeklyHours: open, horizonDays: 1000 },
        dentists: [
          dentist("patel", date, {
            day: WITH_LUNCH,
            intervals: workingIntervals({
              dentistDay: WITH_LUNCH,
              clinicDay: WITH_LUNCH,
              closed: false,
            }),
          }),
        ],
      });
      const proposal = proposalAt(date, "10:00", ZONE, HOUR);
      expect(clinicNow(proposal.startsAt, ZONE)).toEqual({ date, time: "10:00" });
      expect(clinicNow(proposal.endsAt, ZONE)).toEqual({ date, time: "11:00" });
      expect(ask(day, "10:00", { visit: HOUR }).ok).toBe(true);
      expect(freeStartsOn({ day, visit: CHECKUP, policy: ONLINE, now: LONG_AGO })).toEqual(
        freeStartsOn({ day: diary(MONDAY), visit: CHECKUP, policy: ONLINE, now: LONG_AGO }),
      );
    });
  }

  it("does not offer the hour that does not exist on the spring-forward night", () => {
    const date = "2027-03-14";
    const night = plan("01:00", "04:00");
    const day = diary(date, {
      settings: { ...SETTINGS, weeklyHours: { ...WEEK, sunday: night }, horizonDays: 1000 },
      dentists: [dentist("patel", date, { day: night, intervals: [{ start: 60, end: 240 }] })],
    });
    expect(freeStartsOn({ day, visit: CHECKUP, policy: ONLINE, now: LONG_AGO })).toEqual([
      "01:00",
      "01:30",
      "03:00",
      "03:30",
    ]);
    expect(ask(day, "02:00").ok).toBe(false);
  });

  it("the rules that answer a day's starts at once answer the nights the clocks change alike", () => {
    for (const date of ["2027-03-14", "2026-11-01", "2027-03-15"]) {
      const allDay = plan("00:00", "23:45");
      const day = diary(date, {
        settings: { ...SETTINGS, gridMinutes: 15, weeklyHours: { ...WEEK, sunday: allDay } },
        dentists: [dentist("patel", date, { day: allDay, intervals: [{ start: 0, end: 1425 }] })],
      });
      const proposals = Array.from({ length: 95 }, (_, index) =>
        proposalAt(
          date,
          `${String(Math.floor(index / 4)).padStart(2, "0")}:${String((index % 4) * 15).padStart(2, "0")}`,
          ZONE,
          CHECKUP,
        ),
      );
      const input = {
        day,
        now: LONG_AGO,
        dentist: day.dentists[0]!,
        chair: null,
        patientUpcoming: null,
      };
      for (const rule of BOOKING_RULES.filter((candidate) => candidate.passesEach)) {
        const byOne = proposals.map((proposal) => !rule.check({ ...input, proposal }));
        expect(rule.passesEach!({ ...input, proposals }), `${rule.id} ${date}`).toEqual(byOne);
      }
    }
  });
});

describe("choosing a dentist and chair", () => {
  const date = "2026-12-08";
  const three = (minutes: [number, number, number]) => ({
    dentists: [
      dentist("patel", date, { sortOrder: 0 }),
      dentist("chen", date, { sortOrder: 1 }),
      dentist("okafor", date, { sortOrder: 2 }),
    ],
    heldMinutes: new Map([
      ["patel", minutes[0]],
      ["chen", minutes[1]],
      ["okafor", minutes[2]],
    ]),
    chairs: [
      { id: "chair-2", sortOrder: 1 },
      { id: "chair-1", sortOrder: 0 },
    ],
  });
  const pick = (verdict: ReturnType<typeof ask>) =>
    verdict.ok ? { dentist: verdict.dentist.id, chair: verdict.chair?.id } : null;

  it("gives 'any dentist' the least busy that day, then by sort order, and the first free chair", () => {
    expect(pick(ask(diary(date, three([60, 30, 90])), "10:00"))).toEqual({
      dentist: "chen",
      chair: "chair-1",
    });
    expect(pick(ask(diary(date, three([30, 30, 30])), "10:00"))).toEqual({
      dentist: "patel",
      chair: "chair-1",
    });
    const held = hold(new Set(), dentistResource("chen"), date, "10:00", 30);
    hold(held, chairResource("chair-1"), date, "10:00", 30);
    expect(pick(ask(diary(date, { ...three([60, 30, 90]), held }), "10:00"))).toEqual({
      dentist: "patel",
      chair: "chair-2",
    });
  });

  it("keeps a chosen dentist, prefers a moving visit's own, and has no time when every chair is taken", () => {
    const held = hold(new Set(), dentistResource("patel"), date, "10:00", 30);
    const open = diary(date, { ...three([0, 0, 0]), held });
    expect(ask(open, "10:00", { dentistId: "patel" }).ok).toBe(false);
    expect(pick(ask(open, "10:00", { dentistId: "okafor" }))?.dentist).toBe("okafor");
    expect(
      pick(ask(open, "11:00", { preferred: { dentistId: "okafor", chairId: "chair-2" } })),
    ).toEqual({ dentist: "okafor", chair: "chair-2" });
    hold(held, chairResource("chair-1"), date, "10:00", 30);
    hold(held, chairResource("chair-2"), date, "10:00", 30);
    expect(ask(open, "10:00").ok).toBe(false);
    expect(
      freeStartsOn({ day: open, visit: CHECKUP, policy: ONLINE, now: LONG_AGO }),
    ).not.toContain("10:00");
  });

  it("tell the waiting list which dentists could take a freed time", () => {
    const held = hold(new Set(), dentistResource("a"), date, "10:30", 30);
    hold(held, chairResource("chair-1"), date, "10:30", 30);
    const day = diary(date, {
      dentists: [
        dentist("a", date),
        dentist("b", date, { week: { ...WEEK, tuesday: plan("13:00", "17:00") } }),
      ],
      held,
    });
    const free = (visit: typeof CHECKUP, time: string, now = LONG_AGO) =>
      dentistsFreeAt({ day, visit, time, now, policy: ONLINE });
    expect(free(CHECKUP, "10:00")).toEqual(["a"]);
    expect(free(HOUR, "10:00")).toEqual([]);
    expect(free({ ...CHECKUP, bufferMinutes: 15 }, "10:00")).toEqual([]);
    expect(free(CHECKUP, "14:00")).toEqual(["a", "b"]);
    expect(free(HOUR, "16:30")).toEqual([]);
    expect(free(CHECKUP, "14:00", clinicTimeToUtc(date, "14:30", ZONE))).toEqual([]);
  });
});

describe("the most visits per dentist per day", () => {
  const date = "2026-12-08";
  const visits = (counts: Record<string, number>) =>
    new Map(
      Object.entries(counts).map(([id, n]) => [
        id,
        new Set(Array.from({ length: n }, (_, k) => `${id}-${k}`)),
      ]),
    );
  const day = (most: number, counts: Record<string, number>) =>
    diary(date, {
      settings: { ...SETTINGS, maxVisitsPerDentistPerDay: most },
      dentists: [dentist("patel", date), dentist("chen", date, { sortOrder: 1 })],
      visitsByDentist: visits(counts),
    });

  it("is off by default: any number of visits that day", () => {
    expect(ask(day(0, { patel: 40, chen: 40 }), "10:00", { dentistId: "patel" }).ok).toBe(true);
  });

  it("refuses a dentist who has that many, naming them and the day; 'any' gets another", () => {
    const full = day(2, { patel: 2, chen: 1 });
    expect(message(ask(full, "10:00", { dentistId: "patel" }))).toBe(
      "Dr. Patel already has 2 visits on Tuesday, December 8, 2026, the most the clinic books in one day. Please choose another day or another dentist.",
    );
    const any = ask(full, "10:00");
    expect(any.ok && any.dentist.id).toBe("chen");
    expect(message(ask(day(2, { patel: 2, chen: 2 }), "10:00"))).toBe(
      "Everyone who performs Check-up is fully booked on Tuesday, December 8, 2026. Please choose another day.",
    );
    // The day's free times agree.
    expect(
      freeStartsOn({
        day: day(2, { patel: 2, chen: 2 }),
        visit: CHECKUP,
        policy: ONLINE,
        now: LONG_AGO,
      }),
    ).toEqual([]);
  });

  it("staff may book past it with a reason; patients may not", () => {
    const full = day(1, { patel: 1 });
    expect(ask(full, "10:00", { dentistId: "patel", policy: DESK })).toMatchObject({
      ok: false,
      overridable: true,
      refusal: { rule: "dentist-daily-cap", status: 409 },
    });
    const anyway = deskPolicy({ id: "rita", role: "reception" }, { reason: "Emergency" });
    expect(ask(full, "10:00", { dentistId: "patel", policy: anyway })).toMatchObject({
      ok: true,
      overridden: ["dentist-daily-cap"],
    });
  });
});
