// When a form is due (app/models/forms/due.ts): who (every patient, new patients, a
// service's), from what age, how often (each visit with its two-week window, every N
// months), and a newer version asking again.
import { describe, expect, it } from "vitest";
import {
  ageOn,
  appliesTo,
  describeRule,
  type DueRule,
  isDue,
  type SignedBefore,
  validFrom,
} from "~/models/forms/due";

const EVERY_VISIT: DueRule = {
  audience: "all",
  serviceId: null,
  frequency: "visit",
  everyMonths: 12,
  minAge: 0,
};
const adult = { dateOfBirth: "1980-05-17", firstVisit: false };
const visit = { id: "v1", date: "2027-03-10", serviceId: "check-up" };
const signed = (date: string, extra: Partial<SignedBefore> = {}): SignedBefore => ({
  version: 1,
  date,
  appointmentId: null,
  ...extra,
});

describe("age", () => {
  it("counts whole years, the birthday itself included", () => {
    expect(ageOn("2011-03-10", "2027-03-10")).toBe(16);
    expect(ageOn("2011-03-11", "2027-03-10")).toBe(15);
    expect(ageOn("2011-04-01", "2027-03-10")).toBe(15);
    expect(ageOn("", "2027-03-10")).toBeNull();
  });

  it("asks from the form's age on, and asks a patient whose age the clinic does not know", () => {
    const fromSixteen = { ...EVERY_VISIT, minAge: 16 };
    expect(appliesTo(fromSixteen, { ...adult, dateOfBirth: "2011-03-10" }, visit)).toBe(true);
    expect(appliesTo(fromSixteen, { ...adult, dateOfBirth: "2011-03-11" }, visit)).toBe(false);
    expect(appliesTo(fromSixteen, { ...adult, dateOfBirth: "" }, visit)).toBe(true);
    expect(isDue(fromSixteen, 1, { ...adult, dateOfBirth: "2015-01-01" }, visit, [])).toBe(false);
  });
});

describe("who", () => {
  it("asks new patients only before their first completed visit", () => {
    const newPatients = { ...EVERY_VISIT, audience: "new" as const };
    expect(isDue(newPatients, 1, { ...adult, firstVisit: true }, visit, [])).toBe(true);
    expect(isDue(newPatients, 1, { ...adult, firstVisit: false }, visit, [])).toBe(false);
  });

  it("asks a service's patients only for a visit of that service", () => {
    const implants = { ...EVERY_VISIT, audience: "service" as const, serviceId: "implant" };
    expect(isDue(implants, 1, adult, { ...visit, serviceId: "implant" }, [])).toBe(true);
    expect(isDue(implants, 1, adult, visit, [])).toBe(false);
  });
});

describe("how often", () => {
  it("each visit: due unless signed for this visit or in the two weeks before its day", () => {
    expect(isDue(EVERY_VISIT, 1, adult, visit, [])).toBe(true);
    expect(validFrom(EVERY_VISIT, visit.date)).toBe("2027-02-24");
    expect(isDue(EVERY_VISIT, 1, adult, visit, [signed("2027-02-24")])).toBe(false);
    expect(isDue(EVERY_VISIT, 1, adult, visit, [signed("2027-02-23")])).toBe(true);
    // Filled from the confirmation weeks ahead: signed for this very visit.
    expect(
      isDue(EVERY_VISIT, 1, adult, visit, [signed("2027-01-02", { appointmentId: "v1" })]),
    ).toBe(false);
    expect(
      isDue(EVERY_VISIT, 1, adult, visit, [signed("2027-01-02", { appointmentId: "v0" })]),
    ).toBe(true);
  });

  it("every N months: due once the last signature is N months before the visit's day", () => {
    const yearly = { ...EVERY_VISIT, frequency: "months" as const, everyMonths: 12 };
    expect(validFrom(yearly, visit.date)).toBe("2026-03-10");
    expect(isDue(yearly, 1, adult, visit, [signed("2026-03-10")])).toBe(false);
    expect(isDue(yearly, 1, adult, visit, [signed("2026-03-09")])).toBe(true);
    expect(validFrom({ ...yearly, everyMonths: 24 }, "2028-02-29")).toBe("2026-02-28");
  });

  it("asks again when the form has a newer version than the one signed", () => {
    const recent = [signed("2027-03-09", { appointmentId: "v1" })];
    expect(isDue(EVERY_VISIT, 1, adult, visit, recent)).toBe(false);
    expect(isDue(EVERY_VISIT, 2, adult, visit, recent)).toBe(true);
  });
});

it("reads a rule in the admin's words", () => {
  expect(describeRule(EVERY_VISIT, null)).toBe("Every patient, each visit");
  expect(
    describeRule({ ...EVERY_VISIT, audience: "new", frequency: "months", everyMonths: 24 }, null),
  ).toBe("New patients, every 24 months");
  expect(
    describeRule({ ...EVERY_VISIT, audience: "service", serviceId: "x", minAge: 16 }, "Implants"),
  ).toBe("Patients booked for Implants, each visit, from age 16");
});
