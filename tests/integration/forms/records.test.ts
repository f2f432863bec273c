// Signed forms in the patient's other paths (issue 36 items 2 and 5,
// docs/decisions/050-medical-history-and-consent-forms.md): the confirmation and the first
// reminder link to the forms due (the later reminder does not); the data download carries
// every signed form and its review; a deletion keeps them for the clinic's retention, unlinked,
// or deletes them with the account, and the daily sweep deletes them when retention ends; a
// merge moves them to the kept record.
import { beforeAll, describe, expect, it } from "vitest";
import { deleteMyAccount } from "~/models/accounts/deletion.server";
import { exportMyData } from "~/models/accounts/my-data.server";
import { enqueueAppointmentMail } from "~/models/mail/appointment-mail.server";
import { sweepReminders } from "~/models/mail/reminders.server";
import { mergePatients } from "~/models/patients/merge.server";
import { purgeKeptForms } from "~/models/forms/records.server";
import { getClinicSettings } from "~/models/settings/clinic-settings.server";
import { action as postForm } from "~/routes/api.me.forms.$id";
import { prisma } from "~/infra/db.server";
import { clearReadCache } from "~/infra/read-cache.server";
import { staffActor } from "~/models/roles";
import { TUESDAY, upcoming } from "../../support/clinic-dates";
import { get } from "../../support/auth-helpers";
import { createUser } from "../../support/factories";
import { TEST_PASSWORD } from "../../support/test-password";
import {
  callApi,
  historyQuestions,
  MEDICAL_HISTORY_ID,
  onlyHistory,
  patientWithVisit,
  seedForms,
  validAnswers,
} from "../../support/forms";

const DATE = upcoming(TUESDAY, 7);
const HOUR = 3_600_000;

beforeAll(async () => {
  await seedForms();
  await onlyHistory();
});

async function sign(token: string) {
  const signed = await callApi(postForm, `/api/me/forms/${MEDICAL_HISTORY_ID}`, {
    method: "POST",
    token,
    body: { answers: validAnswers(historyQuestions()), signature: "Fay Former" },
    params: { id: MEDICAL_HISTORY_ID },
  });
  expect(signed.status).toBe(201);
  return signed.body.submission!.id;
}

const visitForMail = (id: string) =>
  prisma.appointment.findUniqueOrThrow({
    where: { id },
    include: {
      service: { select: { name: true, durationMinutes: true } },
      dentist: { select: { name: true } },
    },
  });

describe("mail", () => {
  it("links the confirmation to the forms due, and not once they are signed", async () => {
    const patient = await patientWithVisit(DATE);
    const settings = await getClinicSettings();
    const visit = await visitForMail(patient.visit.id);
    await enqueueAppointmentMail(visit, "booked", settings, new Date());
    const mail = await prisma.outboxMessage.findFirstOrThrow({
      where: { appointmentId: visit.id, kind: "booking" },
    });
    expect(mail.text).toContain(
      `Before your visit, please fill in this form: Medical history. It takes a few minutes: http://localhost:3000/user/forms/medical-history?visit=${visit.id}&patient=${patient.user.id}`,
    );
    await sign(patient.token);
    await enqueueAppointmentMail(visit, "booked", settings, new Date(), {
      dedupeKey: `again:${visit.id}`,
    });
    const again = await prisma.outboxMessage.findUniqueOrThrow({
      where: { dedupeKey: `again:${visit.id}` },
    });
    expect(again.text).not.toContain("please fill in");
  });

  it("links the visit's first reminder to the forms due, and not the reminders after it", async () => {
    const patient = await patientWithVisit(DATE);
    const visit = await prisma.appointment.update({
      where: { id: patient.visit.id },
      data: { createdAt: new Date(patient.visit.startsAt.getTime() - 10 * 24 * HOUR) },
    });
    // No quiet hours: each reminder goes at its own time.
    await prisma.clinicSettings.update({
      where: { id: 1 },
      data: { quietHoursStart: "00:00", quietHoursEnd: "00:00" },
    });
    clearReadCache();
    const reminderText = async (hoursBefore: number) => {
      await sweepReminders(new Date(visit.startsAt.getTime() - hoursBefore * HOUR + 60_000));
      const mail = await prisma.outboxMessage.findFirstOrThrow({
        where: {
          appointmentId: visit.id,
          kind: "reminder",
          dedupeKey: { contains: `:${hoursBefore}h:` },
        },
      });
      expect(mail.text).toContain("this is a reminder of your appointment");
      return mail.text;
    };
    expect(await reminderText(48)).toContain("please fill in this form: Medical history");
    expect(await reminderText(2)).not.toContain("please fill in");
  });
});

describe("the data download", () => {
  it("carries every signed form as signed, with a link to its PDF", async () => {
    const patient = await patientWithVisit(DATE);
    const id = await sign(patient.token);
    const result = await exportMyData(patient.user);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.document.forms).toEqual([
      expect.objectContaining({
        id,
        form: "Medical history",
        version: 1,
        signatureName: "Fay Former",
        userAgent: "forms-test/1.0",
        review: null,
        pdf: `http://localhost:3000/user/forms/submissions/${id}/pdf`,
      }),
    ]);
    expect(result.document.forms[0]!.answers).toContainEqual({
      question: "Are you allergic to latex?",
      answer: "No",
    });
  });
});

describe("deletion and retention", () => {
  it("keeps a deleted account's signed forms, unlinked, for the clinic's retention, then the sweep deletes them", async () => {
    await prisma.clinicSettings.update({ where: { id: 1 }, data: { formRetentionYears: 10 } });
    clearReadCache();
    const patient = await patientWithVisit(DATE);
    const id = await sign(patient.token);
    const now = new Date();
    const deleted = await deleteMyAccount(
      patient.user,
      { password: TEST_PASSWORD },
      { request: get("/user/delete-account", patient.cookie), now },
    );
    expect(deleted.ok).toBe(true);
    const kept = await prisma.formSubmission.findUniqueOrThrow({ where: { id } });
    expect(kept).toMatchObject({ patientId: null, patientName: "Fay Former" });
    expect(kept.keptUntil! > "2035-01-01").toBe(true);
    expect(await purgeKeptForms(now)).toMatchObject({ forms: 0 });
    expect(await prisma.formSubmission.count({ where: { id } })).toBe(1);
    const later = new Date(now.getTime() + 11 * 366 * 24 * HOUR);
    expect((await purgeKeptForms(later)).forms).toBeGreaterThanOrEqual(1);
    expect(await prisma.formSubmission.count({ where: { id } })).toBe(0);
    expect(await prisma.auditEntry.count({ where: { action: "form.purge" } })).toBeGreaterThan(0);
  });

  it("deletes them with the account when the retention is 0", async () => {
    await prisma.clinicSettings.update({ where: { id: 1 }, data: { formRetentionYears: 0 } });
    clearReadCache();
    const patient = await patientWithVisit(DATE);
    const id = await sign(patient.token);
    const deleted = await deleteMyAccount(
      patient.user,
      { password: TEST_PASSWORD },
      { request: get("/user/delete-account", patient.cookie) },
    );
    expect(deleted).toMatchObject({ ok: true, counts: { keepOrRemoveForms: 1 } });
    expect(await prisma.formSubmission.count({ where: { id } })).toBe(0);
  });
});

it("moves a duplicate record's signed forms to the record kept", async () => {
  const admin = await createUser({ role: "admin" });
  const keep = await patientWithVisit(DATE);
  const duplicate = await createUser({ name: "Fay Former" });
  await prisma.user.update({
    where: { id: duplicate.id },
    data: { passwordHash: null, googleId: null },
  });
  const version = await prisma.formVersion.findFirstOrThrow({
    where: { templateId: MEDICAL_HISTORY_ID },
  });
  const row = await prisma.formSubmission.create({
    data: {
      templateId: MEDICAL_HISTORY_ID,
      versionId: version.id,
      patientId: duplicate.id,
      patientName: "Fay Former",
      answers: "{}",
      signatureName: "Fay Former",
    },
  });
  const merged = await mergePatients(staffActor(admin), keep.user.id, duplicate.id);
  expect(merged.ok).toBe(true);
  expect((await prisma.formSubmission.findUniqueOrThrow({ where: { id: row.id } })).patientId).toBe(
    keep.user.id,
  );
});
