// The sentences of earlier versions that named the patient, rewritten at their deletion by
// the exact sentence, never by searching the text (issue 21.6).
import { describe, expect, it } from "vitest";
import { summaryWithoutPatient } from "~/models/audit/erasure.server";

const personal = ["e", "Eve Example", "eve@example.com", "+1 555 0100"];

describe("an earlier summary that named the patient", () => {
  it("says today's words instead, for each known sentence", () => {
    const cases: [string, string, string][] = [
      ["patient.view", "Viewed the card of Eve Example", "Viewed the patient's card"],
      [
        "patient.create",
        "Created a patient record for e (no password)",
        "Created a patient record (no password)",
      ],
      ["appointment.book", "Booked Check-up for e", "Booked Check-up for the patient"],
      [
        "appointment.book_override",
        "Booked Care for seniors for Eve Example anyway: e asked twice",
        "Booked Care for seniors for the patient anyway: e asked twice",
      ],
      ["review.hide", "Hid the review by e of Whitening", "Hid the review of Whitening"],
      [
        "review.restore",
        "Restored the review by Eve Example of Gentle Cleaning",
        "Restored the review of Gentle Cleaning",
      ],
      [
        "outbox.retry",
        'Sent again: booking mail "Your visit" to eve@example.com',
        'Sent again: booking mail "Your visit" to the patient',
      ],
    ];
    for (const [action, before, after] of cases) {
      expect(summaryWithoutPatient(action, before, personal), before).toBe(after);
    }
  });

  it("leaves every other sentence as it was, whatever letters it shares with a name", () => {
    for (const [action, summary] of [
      ["appointment.move", "Moved from Tuesday 10:00 (Dr Chen) to Wednesday 11:00 (Dr Chen)"],
      ["appointment.status", "Booked -> Cancelled: e-mail bounced, see Eve's note"],
      ["patient.view", "Viewed the card of Someone Else"],
      ["appointment.book", "Booked Check-up for Someone Else"],
      ["outbox.retry", 'Sent again: booking mail "Your visit" to clinic@example.com'],
    ]) {
      expect(summaryWithoutPatient(action!, summary!, personal)).toBe(summary);
    }
  });
});
