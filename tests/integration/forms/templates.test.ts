// The forms the clinic keeps (issue 36 item 1, docs/decisions/050-medical-history-and-consent-forms.md):
// the admin's screen changes a form in place while nobody has answered its version and makes
// a new version once someone has; old answers keep theirs, and the new version is due again.
// The retention of a deleted account's signed forms is the admin's too.
import { beforeAll, describe, expect, it } from "vitest";
import { action as editAction, loader as editLoader } from "~/routes/staff.forms.$id";
import { action as listAction, loader as listLoader } from "~/routes/staff.forms._index";
import { loader as listForms } from "~/routes/api.me.forms._index";
import { action as postForm } from "~/routes/api.me.forms.$id";
import { prisma } from "~/infra/db.server";
import { clearReadCache } from "~/infra/read-cache.server";
import { PRIVACY_CONSENT_ID } from "~/models/forms/seed-templates";
import { type Question, questionsText } from "~/validation/form-questions";
import { TUESDAY, upcoming } from "../../support/clinic-dates";
import { actionArgs, formPost, get, loaderArgs, outcome, settle } from "../../support/auth-helpers";
import { createUser, sessionFor } from "../../support/factories";
import { callApi, patientWithVisit, seedForms } from "../../support/forms";

const DATE = upcoming(TUESDAY, 4);
let admin: { cookie: string };

beforeAll(async () => {
  await seedForms();
  admin = await sessionFor(await createUser({ role: "admin" }));
});

async function edit(id: string, fields: Record<string, string>) {
  return settle(() =>
    editAction(actionArgs(formPost(`/staff/forms/${id}`, fields, admin.cookie), undefined, { id })),
  );
}

async function current(id: string) {
  clearReadCache();
  const page = await outcome(
    await editLoader(loaderArgs(get(`/staff/forms/${id}`, admin.cookie), { id })),
  );
  return (page.body as { template: Record<string, unknown> & { questions: unknown[] } }).template;
}

/** The form's fields as the admin's page posts them, with some changed. */
async function fieldsOf(id: string, change: Record<string, string> = {}) {
  const template = await current(id);
  return {
    title: String(template.title),
    intro: String(template.intro),
    kind: String(template.kind),
    audience: String(template.audience),
    serviceId: String(template.serviceId),
    frequency: String(template.frequency),
    everyMonths: String(template.everyMonths),
    minAge: String(template.minAge),
    active: template.active ? "on" : "",
    questions: JSON.stringify(template.questions),
    ...change,
  };
}

describe("versions", () => {
  it("changes a version nobody answered in place, and makes a new one once someone has", async () => {
    const questions: Question[] = [
      {
        id: "record",
        label: "I understand how the clinic keeps my record.",
        type: "yesno",
        required: true,
      },
    ];
    // Nobody has signed the privacy consent yet: its version 1 changes in place.
    const inPlace = await edit(
      PRIVACY_CONSENT_ID,
      await fieldsOf(PRIVACY_CONSENT_ID, { questions: JSON.stringify(questions) }),
    );
    expect(inPlace.status).toBe(302);
    expect(await current(PRIVACY_CONSENT_ID)).toMatchObject({ version: 1, questions });

    const patient = await patientWithVisit(DATE);
    const signed = await callApi(postForm, `/api/me/forms/${PRIVACY_CONSENT_ID}`, {
      method: "POST",
      token: patient.token,
      body: { answers: { record: true }, signature: "Fay Former" },
      params: { id: PRIVACY_CONSENT_ID },
    });
    expect(signed.status).toBe(201);
    const dueNow = async () =>
      (await callApi(listForms, "/api/me/forms", { token: patient.token })).body.forms!.map(
        (form) => `${form.id}@${form.version}`,
      );
    expect(await dueNow()).not.toContain(`${PRIVACY_CONSENT_ID}@1`);

    // Who fills it changes in place, answered or not.
    const rule = await edit(
      PRIVACY_CONSENT_ID,
      await fieldsOf(PRIVACY_CONSENT_ID, { minAge: "16" }),
    );
    expect(rule.status).toBe(302);
    expect(await current(PRIVACY_CONSENT_ID)).toMatchObject({ version: 1, minAge: 16 });

    // What it asks, once answered, becomes version 2: the answer keeps version 1, and the
    // patient is asked again.
    const next: Question[] = [
      ...questions,
      { id: "texts", label: "Text me reminders.", type: "yesno", required: true },
    ];
    const changed = await edit(
      PRIVACY_CONSENT_ID,
      await fieldsOf(PRIVACY_CONSENT_ID, { questions: questionsText(next) }),
    );
    expect(changed.status).toBe(302);
    expect(await current(PRIVACY_CONSENT_ID)).toMatchObject({ version: 2, answered: 0 });
    const kept = await prisma.formSubmission.findUniqueOrThrow({
      where: { id: signed.body.submission!.id },
      include: { version: true },
    });
    expect(kept.version.number).toBe(1);
    expect(JSON.parse(kept.version.questions)).toEqual(questions);
    expect(await dueNow()).toContain(`${PRIVACY_CONSENT_ID}@2`);
    // The new version opens pre-filled from the answers given to the old one.
    const listed = (await callApi(listForms, "/api/me/forms", { token: patient.token })).body
      .forms!;
    expect(listed.find((form) => form.id === PRIVACY_CONSENT_ID)!.answers).toEqual({
      record: true,
    });
    expect(
      await prisma.auditEntry.findFirst({
        where: { action: "form.change", entityId: PRIVACY_CONSENT_ID },
        orderBy: { at: "desc" },
      }),
    ).toMatchObject({ summary: expect.stringContaining("version 2, patients answer it again") });
  });

  it("adds a form, and refuses bad questions naming the question and what is wrong", async () => {
    const base = {
      title: "Implant consent",
      intro: "",
      kind: "consent",
      audience: "service",
      serviceId: "",
      frequency: "visit",
      everyMonths: "12",
      minAge: "18",
      active: "on",
      questions: "[]",
    };
    expect((await edit("new", base)).body).toMatchObject({
      error: "Please choose the service whose patients fill the form.",
      field: "serviceId",
    });
    const service = await prisma.service.findFirstOrThrow();
    const withService = { ...base, serviceId: service.id };
    expect((await edit("new", withService)).body).toMatchObject({
      error: "A form needs at least one question.",
      field: "questions",
    });
    expect(
      (
        await edit("new", {
          ...withService,
          questions:
            '[{"id":"ok","label":"Fine?","type":"choice","required":true,"options":[{"value":"a","label":"A"}]}]',
        })
      ).body,
    ).toMatchObject({ error: "Question 1 (ok): a choice needs at least two options." });
    expect((await edit("new", { ...withService, minAge: "200" })).body).toMatchObject({
      error: "Please give the age as a whole number from 0 to 120.",
      field: "minAge",
    });
    const added = await edit("new", {
      ...withService,
      questions: '[{"id":"agree","label":"I agree.","type":"yesno","required":true}]',
    });
    expect(added.status).toBe(302);
    const list = await outcome(await listLoader(loaderArgs(get("/staff/forms", admin.cookie))));
    expect(
      (list.body as { templates: { title: string; rule: string }[] }).templates.find(
        (template) => template.title === "Implant consent",
      ),
    ).toMatchObject({ rule: `Patients booked for ${service.name}, each visit, from age 18` });
  });
});

describe("retention", () => {
  it("sets how long a deleted account's signed forms are kept, refusing what is not a number of years", async () => {
    const save = (retentionYears: string) =>
      settle(() =>
        listAction(
          actionArgs(
            formPost("/staff/forms", { intent: "retention", retentionYears }, admin.cookie),
          ),
        ),
      );
    expect((await save("ten")).body).toMatchObject({
      error: "Please give the years as a whole number from 0 to 100.",
      field: "retentionYears",
    });
    expect((await save("7")).status).toBe(302);
    expect(
      (await prisma.clinicSettings.findUniqueOrThrow({ where: { id: 1 } })).formRetentionYears,
    ).toBe(7);
  });
});
