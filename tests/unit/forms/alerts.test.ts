// The alerts a medical history proposes (app/models/forms/alerts.ts): a "yes" to a question
// naming an alert, to the record's allergies ("Allergy: ...") or conditions, unless the
// record holds it already; accepting adds it as its own entry.
import { describe, expect, it } from "vitest";
import { alertTarget, proposedAlerts, withAlert } from "~/models/forms/alerts";
import type { Question } from "~/validation/form-questions";

const QUESTIONS: Question[] = [
  { id: "latex", label: "Latex?", type: "yesno", required: true, alert: "Allergy: latex" },
  {
    id: "warfarin",
    label: "Blood thinners?",
    type: "yesno",
    required: true,
    alert: "Anticoagulants",
  },
  { id: "diabetes", label: "Diabetes?", type: "yesno", required: true, alert: "Diabetes" },
  { id: "vaping", label: "Vape?", type: "yesno", required: true },
];

describe("alert proposals", () => {
  it("sends an allergy to the allergies and anything else to the conditions", () => {
    expect(alertTarget("Allergy: latex")).toEqual({ field: "allergies", text: "latex" });
    expect(alertTarget("allergic to penicillin")).toEqual({
      field: "allergies",
      text: "penicillin",
    });
    expect(alertTarget("Anticoagulants")).toEqual({ field: "conditions", text: "Anticoagulants" });
  });

  it("proposes each yes with an alert the record lacks, in question order", () => {
    expect(
      proposedAlerts(
        QUESTIONS,
        { latex: true, warfarin: true, diabetes: false, vaping: true },
        { allergies: "Penicillin", conditions: "" },
      ),
    ).toEqual([
      { questionId: "latex", alert: "Allergy: latex", field: "allergies", text: "latex" },
      {
        questionId: "warfarin",
        alert: "Anticoagulants",
        field: "conditions",
        text: "Anticoagulants",
      },
    ]);
  });

  it("proposes nothing the record holds already, whatever its case", () => {
    expect(
      proposedAlerts(
        QUESTIONS,
        { latex: true, warfarin: true },
        {
          allergies: "LATEX (gloves)",
          conditions: "anticoagulants since 2020",
        },
      ),
    ).toEqual([]);
  });

  it("adds an accepted alert as its own entry, once", () => {
    expect(withAlert("", "latex")).toBe("latex");
    expect(withAlert("Penicillin;", "latex")).toBe("Penicillin; latex");
    expect(withAlert("Penicillin; latex", "Latex")).toBe("Penicillin; latex");
  });
});
