// "Fill at the desk" (issue 36 item 3, docs/decisions/050-medical-history-and-consent-forms.md):
// reception opens the tablet for one patient's visit with a one-time code; the tablet shows
// no account and no way elsewhere, asks the patient's name and date of birth, shows only their
// forms, and locks again when they are signed, on Finish, after three wrong answers, or when
// its half hour is up.
import { beforeAll, describe, expect, it } from "vitest";
import { action as deskAction, loader as deskLoader } from "~/routes/staff.forms.desk";
import { action as kioskAction, loader as kioskLoader } from "~/routes/kiosk";
import { loader as rootLoader } from "~/root";
import { prisma } from "~/infra/db.server";
import { TUESDAY, upcoming } from "../../support/clinic-dates";
import {
  actionArgs,
  cookiesFrom,
  formPost,
  get,
  loaderArgs,
  outcome,
  settle,
} from "../../support/auth-helpers";
import { createUser, sessionFor } from "../../support/factories";
import {
  answerFields,
  historyQuestions,
  onlyHistory,
  patientWithVisit,
  seedForms,
  validAnswers,
} from "../../support/forms";

const DATE = upcoming(TUESDAY, 6);
let reception: { cookie: string };

beforeAll(async () => {
  await seedForms();
  await onlyHistory();
  reception = await sessionFor(await createUser({ role: "reception", name: "Rae Desk" }));
});

async function openFor(visitId: string) {
  const opened = await settle(() =>
    deskAction(actionArgs(formPost("/staff/forms/desk", { visit: visitId }, reception.cookie))),
  );
  expect(opened.status).toBe(200);
  return String((opened.body as { code: string }).code).replace(" ", "");
}

/** The tablet: a browser with no session of anyone's, only the cookies the kiosk gives it. */
function tablet() {
  let cookie = "";
  return {
    get cookie() {
      return cookie;
    },
    async post(fields: Record<string, string>) {
      const answer = await settle(() =>
        kioskAction(actionArgs(formPost("/kiosk", fields, cookie || undefined))),
      );
      cookie = cookiesFrom(answer.headers, cookie);
      return answer;
    },
    async screen() {
      const page = await outcome(await kioskLoader(loaderArgs(get("/kiosk", cookie || undefined))));
      return page.body as { screen: string; done: boolean; fill: { title: string } | null };
    },
  };
}

describe("the desk's tablet", () => {
  it("opens for one patient by code, checks who they are, shows their form, and locks once it is signed", async () => {
    const patient = await patientWithVisit(DATE, { name: "Kim Kiosk" });
    const code = await openFor(patient.visit.id);
    const device = tablet();
    expect((await device.screen()).screen).toBe("locked");
    expect((await device.post({ intent: "code", code: "000000" })).body).toMatchObject({
      error: "That code is not right, or it has expired. Please ask at the desk for a new one.",
    });
    expect((await device.post({ intent: "code", code })).status).toBe(302);
    expect((await device.screen()).screen).toBe("confirming");
    // The code is typed once: another tablet cannot use it again.
    expect((await tablet().post({ intent: "code", code })).status).toBe(400);

    expect(
      (await device.post({ intent: "confirm", name: "Kim Kiosk", dateOfBirth: "1980-05-18" })).body,
    ).toMatchObject({ error: "That does not match our record. Please check both and try again." });
    expect(
      (await device.post({ intent: "confirm", name: "  kim   KIOSK ", dateOfBirth: "1980-05-17" }))
        .status,
    ).toBe(302);
    const filling = await device.screen();
    expect(filling).toMatchObject({ screen: "filling", fill: { title: "Medical history" } });

    // No account on the tablet, whatever else the browser holds.
    const root = await rootLoader(
      loaderArgs(get("/kiosk", `${reception.cookie}; ${device.cookie}`)),
    );
    expect(await outcome(root)).toMatchObject({ body: { user: null, staffLinks: [] } });

    const refused = await device.post({
      intent: "sign",
      formId: "medical-history",
      ...answerFields(validAnswers(historyQuestions())),
    });
    expect(refused.body).toMatchObject({ error: "Please sign the form: type your full name." });
    const signed = await device.post({
      intent: "sign",
      formId: "medical-history",
      ...answerFields(validAnswers(historyQuestions())),
      signatureName: "Kim Kiosk",
    });
    expect(signed.location).toBe("/kiosk?done");
    expect(await device.screen()).toMatchObject({ screen: "locked" });
    const row = await prisma.formSubmission.findFirstOrThrow({
      where: { patientId: patient.user.id },
    });
    expect(row).toMatchObject({
      channel: "desk",
      filledById: null,
      appointmentId: patient.visit.id,
    });
    // Locked: signing again from the same tablet reaches nobody's form.
    const after = await device.post({
      intent: "sign",
      formId: "medical-history",
      ...answerFields(validAnswers(historyQuestions())),
      signatureName: "Kim Kiosk",
    });
    expect(after.location).toBe("/kiosk?done");
    expect(await prisma.formSubmission.count({ where: { patientId: patient.user.id } })).toBe(1);
  });

  it("locks after three wrong answers, and on Finish", async () => {
    const patient = await patientWithVisit(DATE, { name: "Lou Locked" });
    const device = tablet();
    await device.post({ intent: "code", code: await openFor(patient.visit.id) });
    for (let attempt = 1; attempt < 3; attempt += 1) {
      expect(
        (await device.post({ intent: "confirm", name: "Someone Else", dateOfBirth: "1980-05-17" }))
          .status,
      ).toBe(400);
    }
    const third = await device.post({
      intent: "confirm",
      name: "Lou Locked",
      dateOfBirth: "1990-01-01",
    });
    expect(third.location).toBe("/kiosk?done");
    expect((await device.screen()).screen).toBe("locked");
    // The right answers after the lock open nothing.
    await device.post({ intent: "confirm", name: "Lou Locked", dateOfBirth: "1980-05-17" });
    expect((await device.screen()).screen).toBe("locked");

    const again = tablet();
    await again.post({ intent: "code", code: await openFor(patient.visit.id) });
    await again.post({ intent: "confirm", name: "Lou Locked", dateOfBirth: "1980-05-17" });
    expect((await again.screen()).screen).toBe("filling");
    expect((await again.post({ intent: "finish" })).location).toBe("/kiosk?done");
    expect((await again.screen()).screen).toBe("locked");
  });

  it("locks when its half hour is up, and a new code locks the tablet opened before", async () => {
    const patient = await patientWithVisit(DATE, { name: "Tim Timeout" });
    const first = tablet();
    await first.post({ intent: "code", code: await openFor(patient.visit.id) });
    const second = tablet();
    await second.post({ intent: "code", code: await openFor(patient.visit.id) });
    expect((await first.screen()).screen).toBe("locked");
    expect((await second.screen()).screen).toBe("confirming");
    await prisma.kioskSession.updateMany({
      where: { patientId: patient.user.id, status: { not: "locked" } },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await second.screen()).screen).toBe("locked");
  });

  it("is opened by the desk only for a visit to come with a patient who has a date of birth", async () => {
    const patient = await patientWithVisit(DATE, { dateOfBirth: "" });
    const page = await settle(() =>
      deskLoader(loaderArgs(get(`/staff/forms/desk?visit=${patient.visit.id}`, reception.cookie))),
    );
    expect(page.status).toBe(200);
    const refused = await settle(() =>
      deskAction(
        actionArgs(formPost("/staff/forms/desk", { visit: patient.visit.id }, reception.cookie)),
      ),
    );
    expect(refused.body).toMatchObject({
      error:
        "Please add the patient's date of birth to their record first: the patient confirms it on the tablet.",
    });
    const dentist = await sessionFor(await createUser({ role: "dentist" }));
    const forbidden = await settle(() =>
      deskAction(
        actionArgs(formPost("/staff/forms/desk", { visit: patient.visit.id }, dentist.cookie)),
      ),
    );
    expect(forbidden.status).toBe(403);
  });

  it("from the navigation, without a visit, says where the button is; an unknown visit is 404", async () => {
    const bare = await settle(() =>
      deskLoader(loaderArgs(get("/staff/forms/desk", reception.cookie))),
    );
    expect(bare).toMatchObject({ status: 200, body: { visit: null } });
    const unknown = await settle(() =>
      deskLoader(loaderArgs(get("/staff/forms/desk?visit=no-such-visit", reception.cookie))),
    );
    expect(unknown.status).toBe(404);
  });
});
