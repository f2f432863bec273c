/**
 * A display name as a calendar file's CN parameter may carry it. RFC 5545 (3.1, 3.2) quotes
 * a parameter value and allows inside the quotes neither a DQUOTE nor a control character,
 * with no escape for either; ical-generator writes `\"` and keeps line breaks as `\n`, which
 * clients show as typed or read as the end of the value. So quotes become apostrophes, line
 * breaks and other control characters spaces, and backslashes (which ical-generator
 * doubles, and which are no escape there) go.
 */
export function calendarDisplayName(name: string): string {
  return name
    .replace(/"/g, "'")
    .replace(/\\/g, "")
    .replace(/\p{Cc}+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}
