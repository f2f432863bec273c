import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { calendarFile } from "~/utils/ics.server";

const event = {
  uid: "appointment-abc@clinic.example",
  start: new Date("2030-01-07T14:00:00Z"),
  end: new Date("2030-01-07T14:30:00Z"),
  stamp: new Date("2030-01-01T08:09:10.123Z"),
  summary: "Dental Clinic: Crowns, Bridges; and \\ more",
  description: `Service: Crowns\nMessage: ${"Zahnschmerzen ü ".repeat(12)}`,
  status: "CONFIRMED" as const,
  sequence: 0,
};

describe("calendar file", () => {
  it("is an iCalendar object a strict parser reads back unchanged", () => {
    const file = calendarFile(event);
    const calendar = new ICAL.Component(ICAL.parse(file));
    expect(calendar.name).toBe("vcalendar");
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(calendar.getFirstPropertyValue("prodid")).toBe("-//Dental Clinic//Appointments//EN");
    const vevent = new ICAL.Event(calendar.getFirstSubcomponent("vevent")!);
    expect(vevent.uid).toBe(event.uid);
    expect(vevent.summary).toBe(event.summary);
    expect(vevent.description).toBe(event.description);
    expect(vevent.startDate.toJSDate().toISOString()).toBe("2030-01-07T14:00:00.000Z");
    expect(vevent.endDate.toJSDate().toISOString()).toBe("2030-01-07T14:30:00.000Z");
    expect(vevent.component.getFirstPropertyValue("status")).toBe("CONFIRMED");
    expect(vevent.sequence).toBe(0);
    expect(file).toContain("DTSTAMP:20300101T080910Z\r\n");
  });

  it("uses CRLF, folds lines at 75 octets without splitting a character, escapes text", () => {
    const file = calendarFile(event);
    expect(file.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(file.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const lines = file.split("\r\n");
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(lines.some((line) => line.startsWith(" "))).toBe(true);
    expect(file).not.toContain("\uFFFD");
    expect(file).toContain("SUMMARY:Dental Clinic: Crowns\\, Bridges\\; and \\\\ more");
    expect(file).toContain("DESCRIPTION:Service: Crowns\\nMessage:");
  });

  it("marks a cancellation with the same UID and a higher sequence", () => {
    const file = calendarFile({ ...event, status: "CANCELLED", sequence: 1 });
    const vevent = new ICAL.Component(ICAL.parse(file)).getFirstSubcomponent("vevent")!;
    expect(vevent.getFirstPropertyValue("uid")).toBe(event.uid);
    expect(vevent.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(vevent.getFirstPropertyValue("sequence")).toBe(1);
  });
});
