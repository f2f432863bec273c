// Display names in calendar files (issue 21.12): quoted as RFC 5545 allows (no DQUOTE and
// no control character inside the quotes, for there is no escape), one line each.
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { appointmentCalendar, type MailAppointment } from "~/models/mail/appointment-mail.server";
import type { Settings } from "~/models/settings/clinic-settings.server";
import { calendarDisplayName } from "~/models/mail/calendar-name";

const startsAt = new Date("2030-03-05T15:00:00Z");
const appointment: MailAppointment = {
  id: "visit-1",
  userId: "user-1",
  name: 'Eve "Evie" O\\Neil\r\nATTENDEE:mailto:someone@example.com',
  phone: "",
  message: "",
  date: "2030-03-05",
  time: "10:00",
  startsAt,
  endsAt: new Date(startsAt.getTime() + 30 * 60_000),
  status: "booked",
  sequence: 0,
  linkNonce: null,
  linkTokenHash: null,
  service: { name: "Check-up", durationMinutes: 30 },
  dentist: { name: "Dr Chen" },
};
const settings = {
  clinicName: 'The "Bright" Smile Clinic',
  email: "desk@example.com",
  street: "",
  city: "",
  region: "",
  postalCode: "",
} as Settings;

/** A content line's parameter value as RFC 5545 3.1 allows it: bare, or quoted without DQUOTE or CTL. */
const QUOTED_CN = /;CN="[^"\p{Cc}]*"[;:]/u;

describe("a calendar file's display names", () => {
  it("are quoted without a backslash-quote and hold no line break", () => {
    const { content } = appointmentCalendar(appointment, settings, "eve@example.com", startsAt);
    const lines = content.replace(/\r\n[ \t]/g, "").split("\r\n");
    const organizer = lines.find((line) => line.startsWith("ORGANIZER"))!;
    const attendees = lines.filter((line) => line.startsWith("ATTENDEE"));
    expect(attendees).toHaveLength(1);
    for (const line of [organizer, attendees[0]!]) {
      expect(line).toMatch(QUOTED_CN);
      expect(line).not.toContain('\\"');
      expect(line).not.toContain("\\n");
    }
    const event = new ICAL.Component(ICAL.parse(content)).getFirstSubcomponent("vevent")!;
    expect(event.getFirstProperty("attendee")!.getParameter("cn")).toBe(
      "Eve 'Evie' ONeil ATTENDEE:mailto:someone@example.com",
    );
    expect(event.getFirstProperty("organizer")!.getParameter("cn")).toBe(
      "The 'Bright' Smile Clinic",
    );
  });

  it("keep an ordinary name as it is", () => {
    expect(calendarDisplayName("Anna-Lena Müller, Jr.")).toBe("Anna-Lena Müller, Jr.");
  });
});
