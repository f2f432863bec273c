// The audit trail in staff words: each entry shape the domain writes (the JSON as stored)
// comes out as labelled rows with values as the screens show them; no field name, no JSON,
// no id reaches the page.
import { describe, expect, it } from "vitest";
import {
  auditActionLabel,
  auditFieldLabel,
  auditNamedIds,
  describeAuditChanges,
} from "~/models/audit/labels";

const clock = { timeZone: "America/New_York", locale: "en-US" };
const json = (value: unknown) => JSON.stringify(value);

describe("auditActionLabel", () => {
  it("says what was done, and puts an action it does not know in words", () => {
    expect(auditActionLabel("service.update")).toBe("Changed a service");
    expect(auditActionLabel("dentist.exception.add")).toBe("Added a dentist's exception");
    expect(auditActionLabel("recall.invite_sent")).toBe("Recall invite sent");
  });
});

describe("describeAuditChanges", () => {
  it("shows a service's changed fields by label, with prices and lengths as the screens do", () => {
    expect(
      describeAuditChanges(
        {
          entityType: "Service",
          before: json({ priceCents: 12000, durationMinutes: 30, hidden: false }),
          after: json({ priceCents: 15050, durationMinutes: 90, hidden: true }),
        },
        clock,
      ),
    ).toEqual([
      { field: "Price", before: "$120.00", after: "$150.50" },
      { field: "Length", before: "30 minutes", after: "1 hour 30 minutes" },
      { field: "Hidden from the site", before: "No", after: "Yes" },
    ]);
  });

  it("shows a weekly plan as one row per day that changed, in the clinic's time format", () => {
    const day = (start: string, end: string, breaks: { start: string; end: string }[] = []) => ({
      start,
      end,
      breaks,
    });
    const before = {
      monday: day("09:00", "17:00"),
      tuesday: day("09:00", "17:00"),
      wednesday: null,
      thursday: null,
      friday: null,
      saturday: null,
      sunday: null,
    };
    const after = {
      ...before,
      monday: day("08:00", "16:30", [{ start: "12:00", end: "13:00" }]),
      wednesday: day("13:00", "18:00"),
      tuesday: null,
    };
    expect(
      describeAuditChanges(
        { entityType: "Dentist", before: json(before), after: json(after) },
        clock,
      ),
    ).toEqual([
      {
        field: "Monday",
        before: "9:00 AM to 5:00 PM",
        after: "8:00 AM to 4:30 PM, break 12:00 PM to 1:00 PM",
      },
      { field: "Tuesday", before: "9:00 AM to 5:00 PM", after: "Closed" },
      { field: "Wednesday", before: "Closed", after: "1:00 PM to 6:00 PM" },
    ]);
    // The clinic's own hours, kept in the settings section's `weeklyHours`.
    expect(
      describeAuditChanges(
        {
          entityType: "ClinicSettings",
          before: json({ weeklyHours: before }),
          after: json({ weeklyHours: { ...before, sunday: day("10:00", "14:00") } }),
        },
        clock,
      ),
    ).toEqual([{ field: "Opening hours, Sunday", before: "Closed", after: "10:00 AM to 2:00 PM" }]);
  });

  it("names who hid a review instead of their id, and the instant in the clinic's zone", () => {
    const names = new Map([["staff-1", "Rita Desk"]]);
    const entry = {
      entityType: "Review",
      before: json({ hidden: false, hiddenAt: null, hiddenById: null }),
      after: json({ hidden: true, hiddenAt: "2031-01-02T15:04:00.000Z", hiddenById: "staff-1" }),
    };
    expect(auditNamedIds(entry)).toEqual({ people: ["staff-1"], recallTypes: [] });
    expect(describeAuditChanges(entry, clock, names)).toEqual([
      { field: "Hidden from the site", before: "No", after: "Yes" },
      { field: "Hidden on", before: "none", after: "Jan 2, 2031, 10:04 AM" },
      { field: "Hidden by", before: "none", after: "Rita Desk" },
    ]);
  });

  it("reads recall entries by label: the type by name, the call's outcome, months and dates", () => {
    const names = new Map([["type-1", "Check-up"]]);
    const setsRecall = {
      entityType: "Service",
      before: json({ recallTypeId: null }),
      after: json({ recallTypeId: "type-1" }),
    };
    expect(auditActionLabel("service.recall_type")).toBe("Changed the recall a service sets");
    expect(auditNamedIds(setsRecall)).toEqual({ people: [], recallTypes: ["type-1"] });
    expect(describeAuditChanges(setsRecall, clock, names)).toEqual([
      { field: "Recall", before: "none", after: "Check-up" },
    ]);
    expect(
      describeAuditChanges(
        {
          entityType: "PatientRecall",
          before: json({ intervalMonths: 6, dueDate: "2031-01-02" }),
          after: json({ intervalMonths: 12, dueDate: "2031-07-02" }),
        },
        clock,
      ),
    ).toEqual([
      { field: "Interval", before: "every 6 months", after: "every 12 months" },
      {
        field: "Due on",
        before: "Thursday, January 2, 2031",
        after: "Wednesday, July 2, 2031",
      },
    ]);
    expect(
      describeAuditChanges(
        { entityType: "PatientRecall", before: null, after: json({ outcome: "call_back" }) },
        clock,
      ),
    ).toEqual([{ field: "How the call went", before: null, after: "Asked to be called back" }]);
  });

  it("lists every field of something added or removed, without its id", () => {
    expect(
      describeAuditChanges(
        {
          entityType: "ClinicClosure",
          before: null,
          after: json({
            id: "c1",
            name: "Christmas",
            startDate: "2031-12-24",
            endDate: "2031-12-26",
          }),
        },
        clock,
      ),
    ).toEqual([
      { field: "Name", before: null, after: "Christmas" },
      { field: "First day", before: null, after: "Wednesday, December 24, 2031" },
      { field: "Last day", before: null, after: "Friday, December 26, 2031" },
    ]);
    expect(
      describeAuditChanges(
        {
          entityType: "Dentist",
          before: json({ exceptionId: "x1", startDate: "2031-03-03", dayPlan: null, note: "" }),
          after: null,
        },
        clock,
      ),
    ).toEqual([
      { field: "First day", before: "Monday, March 3, 2031", after: null },
      { field: "Hours", before: "Closed", after: null },
      { field: "Note", before: "none", after: null },
    ]);
  });

  it("shows a visit's status by its label and the booking rules with their units", () => {
    const visit = { status: "booked", date: "2031-03-04", time: "14:30", dentist: "Dr. A" };
    expect(
      describeAuditChanges(
        {
          entityType: "appointment",
          before: json(visit),
          after: json({ ...visit, status: "no_show" }),
        },
        clock,
      ),
    ).toEqual([{ field: "Status", before: "Booked", after: "Missed" }]);
    expect(
      describeAuditChanges(
        {
          entityType: "ClinicSettings",
          before: json({ horizonDays: 90, cancellationCutoffHours: 24, reminderRules: [] }),
          after: json({
            horizonDays: 1,
            cancellationCutoffHours: 48,
            reminderRules: [{ hoursBefore: 48 }, { hoursBefore: 2 }],
          }),
        },
        clock,
      ),
    ).toEqual([
      { field: "Booking horizon", before: "90 days", after: "1 day" },
      { field: "Cancellation cutoff", before: "24 hours", after: "48 hours" },
      { field: "Reminders", before: "none", after: "48 hours, 2 hours before" },
    ]);
  });

  it("reads nothing from an entry without states, or with states that are not JSON objects", () => {
    expect(describeAuditChanges({ entityType: "User", before: null, after: null }, clock)).toEqual(
      [],
    );
    expect(
      describeAuditChanges({ entityType: "User", before: "not json", after: "[1,2]" }, clock),
    ).toEqual([]);
  });
});

describe("auditFieldLabel", () => {
  it("labels known fields and puts unknown ones in words", () => {
    expect(auditFieldLabel("bufferMinutes")).toBe("Buffer after the visit");
    expect(auditFieldLabel("someNewField")).toBe("Some new field");
  });
});
