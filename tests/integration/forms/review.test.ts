// Reviewing a medical history (issue 36 items 4 and 5, docs/decisions/050-medical-history-and-consent-forms.md):
// the answers are shown to the patient's own dentists and the desk only, every read audited;
// the review marks what changed since the last history, takes each proposed alert into the
// record's allergies or conditions or declines it, and is signed; the diary's cards say
// "history due" or "history to review" for the day's patients.
import { beforeAll, describe, expect, it } from "vitest";
import {
  action as reviewAction,
  loader as submissionLoader,
} from "~/routes/staff.forms.submissions.$id";
import { loader as pdfLoader } from "~/routes/staff.forms.submissions.$id_.pdf";
import { loader as queueLoader } from "~/routes/staff.forms.reviews";
import { loader as diaryLoader } from "~/routes/staff._index";
import { action as postForm } from "~/routes/api.me.forms.$id";
import { prisma } from "~/infra/db.server";
import { rateLimits } from "~/infra/rate-limit.server";
import { TUESDAY, upcoming } from "../../support/clinic-dates";
import { diaryPageCards } from "../../support/diary-page";
import { actionArgs, formPost, get, loaderArgs, outcome, settle } from "../../support/auth-helpers";
import { createUser, sessionFor } from "../../support/factories";
import {
  callApi,
  dentistStaff,
  historyQuestions,
  MEDICAL_HISTORY_ID,
  onlyHistory,
  patientWithVisit,
  seedForms,
  validAnswers,
} from "../../support/forms";

const DATE = upcoming(TUESDAY, 5);
let mine: Awaited<ReturnType<typeof dentistStaff>>;
let colleague: Awaited<ReturnType<typeof dentistStaff>>;
let reception: { id: string; cookie: string };
let admin: { id: string; cookie: string };

beforeAll(async () => {
  await seedForms();
  await onlyHistory();
  mine = await dentistStaff("reviewer");
  colleague = await dentistStaff("colleague");
  const staff = async (role: "reception" | "admin") => {
    const user = await createUser({ role });
    return { id: user.id, ...(await sessionFor(user)) };
  };
  reception = await staff("reception");
  admin = await staff("admin");
});

async function sign(token: string, answers: Record<string, unknown>) {
  const signed = await callApi(postForm, `/api/me/forms/${MEDICAL_HISTORY_ID}`, {
    method: "POST",
    token,
    body: { answers, signature: "Fay Former" },
    params: { id: MEDICAL_HISTORY_ID },
  });
  expect(signed.status).toBe(201);
  return signed.body.submission!.id;
}

const open = (id: string, cookie: string) =>
  settle(() => submissionLoader(loaderArgs(get(`/staff/forms/submissions/${id}`, cookie), { id })));

const review = (id: string, cookie: string, fields: Record<string, string>) =>
  settle(() =>
    reviewAction(
      actionArgs(formPost(`/staff/forms/submissions/${id}`, fields, cookie), undefined, { id }),
    ),
  );

describe("need to know", () => {
  it("shows the answers to the patient's own dentist, the desk and admins, each read audited, and to no other dentist", async () => {
    const patient = await patientWithVisit(DATE, { dentistId: mine.dentistId });
    const id = await sign(patient.token, validAnswers(historyQuestions(), { hiv: true }));
    for (const viewer of [{ id: mine.user.id, cookie: mine.cookie }, reception, admin]) {
      const page = await open(id, viewer.cookie);
      expect(page.status).toBe(200);
      expect(JSON.stringify(page.body)).toContain("Do you have HIV?");
      expect(
        await prisma.auditEntry.count({
          where: { actorId: viewer.id, action: "form.view", entityId: id },
        }),
      ).toBe(1);
    }
    const hidden = await open(id, colleague.cookie);
    expect(hidden.status).toBe(403);
    expect(JSON.stringify(hidden.body)).not.toContain("HIV");
    expect(
      await prisma.auditEntry.count({ where: { actorId: colleague.user.id, action: "form.view" } }),
    ).toBe(0);
    const pdf = (await pdfLoader(
      loaderArgs(get(`/staff/forms/submissions/${id}/pdf`, colleague.cookie), { id }),
    )) as Response;
    expect(pdf.status).toBe(403);
    const ownPdf = (await pdfLoader(
      loaderArgs(get(`/staff/forms/submissions/${id}/pdf`, mine.cookie), { id }),
    )) as Response;
    expect(ownPdf.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await ownPdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
  });

  it("stops at the staff member's hourly bound of patients read", async () => {
    const patient = await patientWithVisit(DATE, { dentistId: mine.dentistId });
    const id = await sign(patient.token, validAnswers(historyQuestions()));
    const bucket = rateLimits().patientReads;
    try {
      const left = bucket.points - (await bucket.count(reception.id));
      await bucket.take(
        reception.id,
        Array.from({ length: left }, (_, n) => `someone-${n}`),
      );
      expect((await open(id, reception.cookie)).status).toBe(429);
    } finally {
      await bucket.forget(reception.id);
    }
  });
});

describe("the review", () => {
  it("marks what changed, takes accepted alerts into the record, declines the others, and is signed once", async () => {
    const patient = await patientWithVisit(DATE, { dentistId: mine.dentistId });
    await prisma.user.update({ where: { id: patient.user.id }, data: { allergies: "Penicillin" } });
    const first = await sign(patient.token, validAnswers(historyQuestions()));
    const second = await sign(
      patient.token,
      validAnswers(historyQuestions(), {
        "allergy-latex": true,
        anticoagulants: true,
        diabetes: true,
        smoking: "current",
      }),
    );
    // The older one waits for nobody: the newest is the one to review.
    const queue = await outcome(
      await queueLoader(loaderArgs(get("/staff/forms/reviews", mine.cookie))),
    );
    const listed = (queue.body as { histories: { id: string }[] }).histories.map((h) => h.id);
    expect(listed).toContain(second);
    expect(listed).not.toContain(first);
    const others = await outcome(
      await queueLoader(loaderArgs(get("/staff/forms/reviews", colleague.cookie))),
    );
    expect(
      (others.body as { histories: { id: string }[] }).histories.map((h) => h.id),
    ).not.toContain(second);
    expect((await review(first, mine.cookie, { reviewerName: "Dr. Reviewer" })).body).toMatchObject(
      {
        error: "The patient signed a newer medical history since: review that one.",
      },
    );

    const page = await open(second, mine.cookie);
    const shown = page.body as {
      view: { answers: { id: string; changed: boolean }[] };
      proposals: { questionId: string; alert: string }[];
      review: { allowed: boolean };
    };
    expect(
      shown.view.answers
        .filter((a) => a.changed)
        .map((a) => a.id)
        .sort(),
    ).toEqual(["allergy-latex", "anticoagulants", "diabetes", "smoking"].sort());
    expect(shown.proposals.map((p) => p.alert)).toEqual([
      "Diabetes",
      "Anticoagulants",
      "Allergy: latex",
    ]);
    expect(shown.review.allowed).toBe(true);

    const decisions = {
      "alert-diabetes": "accept",
      "alert-anticoagulants": "accept",
      "alert-allergy-latex": "accept",
    };
    expect(
      (await review(second, mine.cookie, { ...decisions, "alert-diabetes": "" })).body,
    ).toMatchObject({
      error: 'Please accept or decline the alert "Diabetes".',
      field: "alert-diabetes",
    });
    expect((await review(second, mine.cookie, decisions)).body).toMatchObject({
      error: "Please sign the review: type your full name.",
      field: "reviewerName",
    });
    expect(
      (await review(second, reception.cookie, { ...decisions, reviewerName: "Desk" })).status,
    ).toBe(403);
    const done = await review(second, mine.cookie, {
      ...decisions,
      "alert-diabetes": "decline",
      reviewerName: "Dr. Reviewer",
    });
    expect(done.status).toBe(302);
    expect(await prisma.user.findUniqueOrThrow({ where: { id: patient.user.id } })).toMatchObject({
      allergies: "Penicillin; latex",
      conditions: "Anticoagulants",
    });
    const stored = await prisma.formReview.findUniqueOrThrow({ where: { submissionId: second } });
    expect(stored).toMatchObject({ reviewerName: "Dr. Reviewer", reviewerId: mine.user.id });
    expect(JSON.parse(stored.alerts)).toEqual([
      expect.objectContaining({ alert: "Diabetes", decision: "declined" }),
      expect.objectContaining({ alert: "Anticoagulants", decision: "accepted" }),
      expect.objectContaining({ alert: "Allergy: latex", decision: "accepted" }),
    ]);
    const audit = await prisma.auditEntry.findFirstOrThrow({
      where: { action: "form.review", entityId: second },
    });
    expect(audit.summary).toMatch(/2 alerts accepted, 1 declined/);
    expect(audit.after).not.toMatch(/latex/i);
    expect(
      (await review(second, mine.cookie, { ...decisions, reviewerName: "Again" })).body,
    ).toMatchObject({
      error: "This medical history has been reviewed already.",
    });
  });
});

describe("the diary", () => {
  it("says history due or history to review on the day's cards, for the whole day at once", async () => {
    const day = upcoming(TUESDAY, 9);
    const due = await patientWithVisit(day, { dentistId: colleague.dentistId, name: "Dee Due" });
    const toReview = await patientWithVisit(day, {
      dentistId: colleague.dentistId,
      name: "Rita Review",
    });
    await sign(toReview.token, validAnswers(historyQuestions()));
    const reviewed = await patientWithVisit(day, {
      dentistId: colleague.dentistId,
      name: "Ray Reviewed",
    });
    const reviewedId = await sign(reviewed.token, validAnswers(historyQuestions()));
    expect((await review(reviewedId, admin.cookie, { reviewerName: "Admin Person" })).status).toBe(
      302,
    );
    const page = await outcome(
      await diaryLoader(loaderArgs(get(`/staff?date=${day}`, reception.cookie))),
    );
    const cards = diaryPageCards(page.body);
    const stateOf = (id: string) => cards.find((card) => card._id === id)?.history;
    expect(stateOf(due.visit.id)).toBe("due");
    expect(stateOf(toReview.visit.id)).toBe("review");
    // A card with nothing to say about the history carries no state at all.
    expect(cards.some((card) => card._id === reviewed.visit.id)).toBe(true);
    expect(stateOf(reviewed.visit.id)).toBeUndefined();
  });
});
