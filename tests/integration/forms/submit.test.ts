// Filling and signing forms (issue 36 item 2, docs/decisions/050-medical-history-and-consent-forms.md):
// GET /api/me/forms lists what is due in the shape; POST /api/me/forms/{id} and the
// page's form sign it, refusing a missing answer or signature with a message naming it; a
// submission keeps its version, answers, signature, time, address and browser and is never
// changed (a correction is a new one); the next form opens pre-filled.
import { beforeAll, describe, expect, it } from "vitest";
import { loader as listForms } from "~/routes/api.me.forms._index";
import { action as postForm } from "~/routes/api.me.forms.$id";
import { action as pageAction, loader as pageLoader } from "~/routes/user.forms.$id";
import { loader as myForms } from "~/routes/user.forms._index";
import { prisma } from "~/infra/db.server";
import { PRIVACY_CONSENT_ID, TREATMENT_CONSENT_ID } from "~/models/forms/seed-templates";
import { TUESDAY, upcoming } from "../../support/clinic-dates";
import { actionArgs, formPost, get, loaderArgs, outcome, settle } from "../../support/auth-helpers";
import { createUser, sessionFor } from "../../support/factories";
import {
  answerFields,
  callApi,
  historyQuestions,
  MEDICAL_HISTORY_ID,
  patientWithVisit,
  seedForms,
  validAnswers,
} from "../../support/forms";

const DATE = upcoming(TUESDAY, 3);

beforeAll(seedForms);

const post = (token: string, id: string, body: unknown) =>
  callApi(postForm, `/api/me/forms/${id}`, { method: "POST", token, body, params: { id } });

describe("GET /api/me/forms", () => {
  it("lists the forms due before the patient's visits in the issue's shape", async () => {
    const patient = await patientWithVisit(DATE);
    const answer = await callApi(listForms, "/api/me/forms", { token: patient.token });
    expect(answer.status).toBe(200);
    expect(answer.body.success).toBe(true);
    expect(answer.body.forms!.map((form) => form.id)).toEqual([
      MEDICAL_HISTORY_ID,
      TREATMENT_CONSENT_ID,
      PRIVACY_CONSENT_ID,
    ]);
    const history = answer.body.forms![0]!;
    expect(history).toMatchObject({
      title: "Medical history",
      version: 1,
      dueFor: { appointment: patient.visit.id, patient: patient.user.id },
      answers: {},
    });
    expect(history.questions.find((q) => q.id === "allergy-latex")).toEqual({
      id: "allergy-latex",
      label: "Are you allergic to latex?",
      type: "yesno",
      required: true,
    });
    expect(history.questions.find((q) => q.id === "smoking")).toMatchObject({
      type: "choice",
      options: [{ value: "never", label: "Never" }, expect.anything(), expect.anything()],
    });
  });

  it("lists nothing for a patient without a visit, and answers a visitor 401", async () => {
    const loner = await sessionFor(await createUser());
    expect((await callApi(listForms, "/api/me/forms", { token: loner.token })).body.forms).toEqual(
      [],
    );
    expect((await callApi(listForms, "/api/me/forms", {})).status).toBe(401);
  });
});

describe("POST /api/me/forms/{id}", () => {
  it("refuses each missing required answer by its question, then the signature", async () => {
    const { token } = await patientWithVisit(DATE);
    const questions = historyQuestions();
    const answers = validAnswers(questions);
    for (const question of questions.filter((q) => q.required)) {
      const { [question.id]: _left, ...rest } = answers;
      const refused = await post(token, MEDICAL_HISTORY_ID, {
        answers: rest,
        signature: "Fay Former",
      });
      expect(refused.status, question.id).toBe(400);
      expect(refused.body).toEqual({
        success: false,
        message: `Please answer "${question.label}".`,
      });
    }
    expect((await post(token, MEDICAL_HISTORY_ID, { answers })).body.message).toBe(
      "Please sign the form: type your full name.",
    );
    expect(
      (
        await post(token, MEDICAL_HISTORY_ID, {
          answers: { ...answers, smoking: "cigars" },
          signature: "F",
        })
      ).body.message,
    ).toBe('"Do you smoke or use tobacco?": please choose one of "never", "former", "current".');
    expect(
      (
        await post(token, MEDICAL_HISTORY_ID, {
          answers: { ...answers, vaping: "no" },
          signature: "F",
        })
      ).body.message,
    ).toBe('"Do you vape?": please answer yes or no.');
    expect(
      await prisma.formSubmission.count({
        where: { templateId: MEDICAL_HISTORY_ID, signatureName: "F" },
      }),
    ).toBe(0);
  });

  it("signs the form: its version, answers, signature, time, address and browser, kept as signed", async () => {
    const patient = await patientWithVisit(DATE);
    const answers = validAnswers(historyQuestions(), {
      "allergy-latex": true,
      medicines: "Aspirin",
    });
    const signed = await post(patient.token, MEDICAL_HISTORY_ID, {
      answers,
      signature: "Fay Former",
    });
    expect(signed.status).toBe(201);
    expect(signed.body).toMatchObject({
      success: true,
      message: "Thank you: Medical history is signed.",
    });
    const row = await prisma.formSubmission.findUniqueOrThrow({
      where: { id: signed.body.submission!.id },
      include: { version: true },
    });
    expect(row).toMatchObject({
      patientId: patient.user.id,
      patientName: "Fay Former",
      patientDateOfBirth: "1980-05-17",
      appointmentId: patient.visit.id,
      filledById: patient.user.id,
      channel: "online",
      signatureName: "Fay Former",
      signatureDrawing: null,
      userAgent: "forms-test/1.0",
      version: { number: 1 },
    });
    expect(row.ipAddress).toMatch(/^198\.51\.100\./);
    expect(JSON.parse(row.answers)).toEqual(answers);
    expect(
      await prisma.auditEntry.count({ where: { action: "form.submit", entityId: row.id } }),
    ).toBe(1);
    // Never changed afterwards: the database refuses it, whoever asks.
    await expect(
      prisma.$executeRaw`UPDATE "FormSubmission" SET "answers" = '{}' WHERE "id" = ${row.id}`,
    ).rejects.toThrow(/A signed form is never changed/);
    await expect(
      prisma.formSubmission.update({ where: { id: row.id }, data: { signatureName: "Someone" } }),
    ).rejects.toThrow();
    expect(
      (await prisma.formSubmission.findUniqueOrThrow({ where: { id: row.id } })).signatureName,
    ).toBe("Fay Former");
    // Done for this visit: the history is no longer due, the consents still are.
    const left = await callApi(listForms, "/api/me/forms", { token: patient.token });
    expect(left.body.forms!.map((form) => form.id)).toEqual([
      TREATMENT_CONSENT_ID,
      PRIVACY_CONSENT_ID,
    ]);
  });

  it("refuses an unknown form, a visit that is not the patient's, and another patient's forms", async () => {
    const patient = await patientWithVisit(DATE);
    const other = await patientWithVisit(DATE);
    const answers = validAnswers(historyQuestions());
    expect(await post(patient.token, "no-such-form", { answers, signature: "F" })).toMatchObject({
      status: 404,
      body: { message: "There is no such form." },
    });
    expect(
      await post(patient.token, MEDICAL_HISTORY_ID, {
        answers,
        signature: "F",
        appointment: other.visit.id,
      }),
    ).toMatchObject({
      status: 404,
      body: { message: "There is no such upcoming appointment of this patient." },
    });
    expect(
      await post(patient.token, MEDICAL_HISTORY_ID, {
        answers,
        signature: "F",
        patient: other.user.id,
      }),
    ).toMatchObject({
      status: 403,
      body: { message: "You may fill in forms only for yourself or for a patient you look after." },
    });
  });

  it("lets a guardian sign a family member's form while the link lets them, and not after (issue 35 with 36)", async () => {
    const parent = await patientWithVisit(DATE, { name: "Gail Guardian" });
    const child = await patientWithVisit(DATE, {
      name: "Emma Guardian",
      dateOfBirth: "2015-04-02",
    });
    const link = await prisma.guardianLink.create({
      data: { guardianId: parent.user.id, dependantId: child.user.id, relationship: "child" },
    });
    // My forms lists the child's forms too, each opening on the child's visit.
    const page = await settle(() => myForms(loaderArgs(get("/user/forms", parent.cookie))));
    expect(page.body?.due).toContainEqual(
      expect.objectContaining({
        id: MEDICAL_HISTORY_ID,
        when: expect.stringMatching(/^Emma Guardian's /),
        href: `/user/forms/${MEDICAL_HISTORY_ID}?visit=${child.visit.id}&patient=${child.user.id}`,
      }),
    );
    const answers = validAnswers(historyQuestions());
    const signed = await post(parent.token, MEDICAL_HISTORY_ID, {
      answers,
      signature: "Gail Guardian",
      patient: child.user.id,
    });
    expect(signed.status).toBe(201);
    const submission = await prisma.formSubmission.findFirstOrThrow({
      where: { patientId: child.user.id },
    });
    expect(submission).toMatchObject({ filledById: parent.user.id, patientName: "Emma Guardian" });

    await prisma.guardianLink.update({ where: { id: link.id }, data: { mayFillForms: false } });
    const refused = await post(parent.token, MEDICAL_HISTORY_ID, {
      answers,
      signature: "Gail Guardian",
      patient: child.user.id,
    });
    expect(refused).toMatchObject({
      status: 403,
      body: { message: "You may fill in forms only for yourself or for a patient you look after." },
    });
    await prisma.guardianLink.update({
      where: { id: link.id },
      data: { mayFillForms: true, endedAt: new Date() },
    });
    expect(
      (
        await post(parent.token, MEDICAL_HISTORY_ID, {
          answers,
          signature: "G",
          patient: child.user.id,
        })
      ).status,
    ).toBe(403);
    expect(await prisma.formSubmission.count({ where: { patientId: child.user.id } })).toBe(1);
  });
});

describe("the page", () => {
  it("opens pre-filled with the last answers, refuses without losing what was typed, and a correction is a new submission", async () => {
    const patient = await patientWithVisit(DATE);
    const path = `/user/forms/${MEDICAL_HISTORY_ID}?visit=${patient.visit.id}`;
    const params = { id: MEDICAL_HISTORY_ID };
    const first = await outcome(await pageLoader(loaderArgs(get(path, patient.cookie), params)));
    expect(first.body).toMatchObject({
      title: "Medical history",
      prefilled: false,
      position: { index: 1, count: 3 },
      hidden: { patient: patient.user.id, visit: patient.visit.id },
    });

    const fields = {
      ...answerFields(validAnswers(historyQuestions(), { "allergy-latex": true })),
      patient: patient.user.id,
      visit: patient.visit.id,
    };
    const refused = await settle(() =>
      pageAction(
        actionArgs(
          formPost(path, { ...fields, "answer-smoking": "" }, patient.cookie),
          undefined,
          params,
        ),
      ),
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: 'Please answer "Do you smoke or use tobacco?".',
      field: "answer-smoking",
      values: { "answer-allergy-latex": "yes" },
    });
    const noSignature = await settle(() =>
      pageAction(actionArgs(formPost(path, fields, patient.cookie), undefined, params)),
    );
    expect(noSignature.body).toMatchObject({
      error: "Please sign the form: type your full name.",
      field: "signatureName",
    });

    const signed = await settle(() =>
      pageAction(
        actionArgs(
          formPost(path, { ...fields, signatureName: "Fay Former" }, patient.cookie),
          undefined,
          params,
        ),
      ),
    );
    expect(signed.status).toBe(302);
    expect(signed.location).toBe(`/user/forms/${TREATMENT_CONSENT_ID}?visit=${patient.visit.id}`);

    // Opened again (a correction): the last answers are filled in, and signing makes a new one.
    const again = await outcome(await pageLoader(loaderArgs(get(path, patient.cookie), params)));
    expect(again.body).toMatchObject({
      prefilled: true,
      values: { "answer-allergy-latex": "yes", "answer-smoking": "never" },
    });
    await settle(() =>
      pageAction(
        actionArgs(
          formPost(
            path,
            { ...fields, "answer-allergy-latex": "no", signatureName: "Fay Former" },
            patient.cookie,
          ),
          undefined,
          params,
        ),
      ),
    );
    const rows = await prisma.formSubmission.findMany({
      where: { patientId: patient.user.id },
      orderBy: { submittedAt: "asc" },
    });
    expect(
      rows.map((row) => (JSON.parse(row.answers) as Record<string, unknown>)["allergy-latex"]),
    ).toEqual([true, false]);
  });

  it("sends a visitor to sign in, and refuses another patient's form page", async () => {
    const patient = await patientWithVisit(DATE);
    const other = await patientWithVisit(DATE);
    const visitor = await settle(() =>
      pageLoader(loaderArgs(get(`/user/forms/${MEDICAL_HISTORY_ID}`), { id: MEDICAL_HISTORY_ID })),
    );
    expect(visitor.status).toBe(401);
    const theirs = await settle(() =>
      pageLoader(
        loaderArgs(
          get(`/user/forms/${MEDICAL_HISTORY_ID}?patient=${other.user.id}`, patient.cookie),
          {
            id: MEDICAL_HISTORY_ID,
          },
        ),
      ),
    );
    expect(theirs.status).toBe(403);
  });
});
