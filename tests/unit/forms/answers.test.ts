// A form's answers (app/models/forms/answers.ts): each refusal names the question or the
// signature that is missing or wrong; the page's fields read as the API's answers; the last
// answers carried into a new version; what changed since the last submission.
import { describe, expect, it } from "vitest";
import {
  answersFromFields,
  changedAnswers,
  checkSubmission,
  FORM_MESSAGES,
  prefill,
} from "~/models/forms/answers";
import type { Question } from "~/validation/form-questions";

const QUESTIONS: Question[] = [
  { id: "latex", label: "Are you allergic to latex?", type: "yesno", required: true },
  {
    id: "smoking",
    label: "Do you smoke?",
    type: "choice",
    required: true,
    options: [
      { value: "never", label: "Never" },
      { value: "current", label: "Yes" },
    ],
  },
  { id: "operation", label: "When was your last operation?", type: "date", required: false },
  { id: "medicines", label: "Which medicines do you take?", type: "text", required: false },
];
const GOOD = { latex: true, smoking: "never" };
const PNG = `data:image/png;base64,${btoa("\x89PNG\r\n\x1a\n" + "\0".repeat(16))}`;

describe("checking a submission", () => {
  it("takes typed answers with a signature, trimmed, leaving out what was not answered", () => {
    const result = checkSubmission(QUESTIONS, {
      answers: { ...GOOD, medicines: "  aspirin  ", operation: "" },
      signature: "  Ada Lovelace ",
      drawing: PNG,
    });
    expect(result).toEqual({
      ok: true,
      form: {
        answers: { latex: true, smoking: "never", medicines: "aspirin" },
        signatureName: "Ada Lovelace",
        signatureDrawing: PNG,
      },
    });
  });

  it("names the first missing required question, in the form's order, on its field", () => {
    expect(
      checkSubmission(QUESTIONS, { answers: { smoking: "never" }, signature: "A" }),
    ).toMatchObject({
      ok: false,
      status: 400,
      message: 'Please answer "Are you allergic to latex?".',
      field: "answer-latex",
    });
    expect(checkSubmission(QUESTIONS, { answers: { latex: false }, signature: "A" })).toMatchObject(
      {
        message: 'Please answer "Do you smoke?".',
        field: "answer-smoking",
      },
    );
  });

  it("names the question whose answer has the wrong type", () => {
    const refusal = (answers: Record<string, unknown>) =>
      checkSubmission(QUESTIONS, { answers: { ...GOOD, ...answers }, signature: "A" });
    expect(refusal({ latex: "yes" })).toMatchObject({
      message: '"Are you allergic to latex?": please answer yes or no.',
    });
    expect(refusal({ smoking: "sometimes" })).toMatchObject({
      message: '"Do you smoke?": please choose one of "never", "current".',
    });
    expect(refusal({ operation: "2026-02-30" })).toMatchObject({
      message: '"When was your last operation?": please enter a date as YYYY-MM-DD.',
    });
    expect(refusal({ medicines: "x".repeat(1001) })).toMatchObject({
      message: '"Which medicines do you take?": please keep the answer under 1000 characters.',
    });
    expect(refusal({ elsewhere: true })).toMatchObject({
      message: 'There is no question "elsewhere" on this form.',
    });
    expect(checkSubmission(QUESTIONS, { answers: [], signature: "A" })).toMatchObject({
      message: FORM_MESSAGES.answersObject,
    });
  });

  it("refuses a missing signature after the answers, and a drawing that is not a small PNG", () => {
    expect(checkSubmission(QUESTIONS, { answers: GOOD, signature: "  " })).toMatchObject({
      message: "Please sign the form: type your full name.",
      field: "signatureName",
    });
    for (const drawing of [
      "data:image/svg+xml;base64,PHN2Zz4=",
      `data:image/png;base64,${btoa("GIF89a" + "\0".repeat(16))}`,
      `${PNG}${"A".repeat(60_000)}`,
      "data:image/png;base64,@@@",
    ]) {
      expect(checkSubmission(QUESTIONS, { answers: GOOD, signature: "A", drawing })).toMatchObject({
        message: FORM_MESSAGES.drawing,
        field: "signatureDrawing",
      });
    }
  });
});

it("reads the page's fields as the API's answers", () => {
  expect(
    answersFromFields(QUESTIONS, {
      "answer-latex": "no",
      "answer-smoking": "current",
      "answer-operation": "",
      "answer-medicines": "none",
      other: "x",
    }),
  ).toEqual({ latex: false, smoking: "current", medicines: "none" });
});

describe("pre-filling from the last answers", () => {
  it("keeps what still fits the form by question id, drops removed questions and options", () => {
    const next: Question[] = [
      QUESTIONS[0]!,
      {
        ...QUESTIONS[1]!,
        options: [
          { value: "no", label: "No" },
          { value: "current", label: "Yes" },
        ],
      },
      { id: "vaping", label: "Do you vape?", type: "yesno", required: true },
      { ...QUESTIONS[3]!, type: "date" },
    ];
    expect(
      prefill(next, { latex: true, smoking: "never", medicines: "aspirin", gone: "x" }),
    ).toEqual({ latex: true });
    expect(prefill(next, { smoking: "current", medicines: "2020-01-02" })).toEqual({
      smoking: "current",
      medicines: "2020-01-02",
    });
    expect(prefill(next, null)).toEqual({});
  });
});

it("marks the answers that changed since the last submission, nothing without one", () => {
  expect([
    ...changedAnswers(
      QUESTIONS,
      { latex: false, smoking: "never" },
      { latex: true, smoking: "never", medicines: "aspirin" },
    ),
  ]).toEqual(["latex", "medicines"]);
  expect(changedAnswers(QUESTIONS, null, { latex: true }).size).toBe(0);
});
