// What a form asks (app/validation/form-questions.ts): the admin's JSON is refused with the
// question and the problem named; two lists that ask the same are the same version.
import { describe, expect, it } from "vitest";
import { SEEDED_FORMS } from "~/models/forms/seed-templates";
import {
  questionsProblem,
  readQuestionsText,
  sameQuestions,
  type Question,
} from "~/validation/form-questions";

const latex: Question = { id: "latex", label: "Latex?", type: "yesno", required: true };

describe("the questions' JSON", () => {
  it("takes the seeded forms as they are", () => {
    for (const form of SEEDED_FORMS) expect(questionsProblem(form.questions), form.id).toBeNull();
  });

  it("names the question and what is wrong with it", () => {
    expect(readQuestionsText("[{")).toMatchObject({
      ok: false,
      message: expect.stringContaining("not valid JSON"),
    });
    expect(questionsProblem({})).toMatch(/JSON list/);
    expect(questionsProblem([])).toBe("A form needs at least one question.");
    expect(questionsProblem([latex, { ...latex }])).toBe(
      "Question 2 (latex): another question has the id latex.",
    );
    expect(questionsProblem([{ ...latex, id: "Latex 1" }])).toMatch(
      /^Question 1 \(Latex 1\): the id must be/,
    );
    expect(questionsProblem([{ ...latex, type: "number" }])).toBe(
      "Question 1 (latex): the type must be yesno, choice, text or date.",
    );
    expect(
      questionsProblem([{ ...latex, type: "choice", options: [{ value: "a", label: "A" }] }]),
    ).toBe("Question 1 (latex): a choice needs at least two options.");
    expect(questionsProblem([{ ...latex, type: "text", alert: "Allergy: latex" }])).toBe(
      "Question 1 (latex): only a yes/no question may propose an alert.",
    );
    expect(questionsProblem([{ ...latex, colour: "red" }])).toMatch(
      /"colour" is not a field of a question/,
    );
  });
});

describe("versions", () => {
  it("counts lists that ask the same as the same, whatever the keys' order or a default", () => {
    const reordered = JSON.parse(
      '[{"required":true,"type":"yesno","label":"Latex?","id":"latex"}]',
    ) as Question[];
    expect(sameQuestions([latex], reordered)).toBe(true);
    expect(sameQuestions([latex], [{ ...latex, label: "Latex gloves?" }])).toBe(false);
    expect(sameQuestions([latex], [{ ...latex, alert: "Allergy: latex" }])).toBe(false);
    expect(sameQuestions([latex], [latex, { ...latex, id: "vaping" }])).toBe(false);
  });
});
