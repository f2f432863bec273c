/** One event of an iCalendar file (RFC 5545), times as instants. */
export type CalendarEvent = {
  /** Stays the same across updates, so a calendar replaces the event instead of adding one. */
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  status: "CONFIRMED" | "CANCELLED";
  /** 0 when created, higher for each later version of the same event. */
  sequence: number;
  stamp?: Date;
};

/** 20261124T140000Z */
function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");
}

/** TEXT values escape backslashes, separators and line breaks (RFC 5545 3.3.11). */
function escapeText(text: string): string {
  return text
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** Lines longer than 75 octets continue on lines that start with a space (RFC 5545 3.1). */
function fold(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const octets = encoder.encode(char).length;
    // The first line may hold 75 octets; continuations hold 74 after their leading space.
    const limit = parts.length === 0 ? 75 : 74;
    if (size + octets > limit) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += octets;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** A calendar file with one event, ready to attach as text/calendar. */
export function calendarFile(event: CalendarEvent): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Dental Clinic//Appointments//EN",
    "CALSCALE:GREGORIAN",
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `DTSTAMP:${utcStamp(event.stamp ?? new Date())}`,
    `DTSTART:${utcStamp(event.start)}`,
    `DTEND:${utcStamp(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `STATUS:${event.status}`,
    `SEQUENCE:${event.sequence}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}
