/**
 * Filling a form (docs/decisions/050-medical-history-and-consent-forms.md): the form as the
 * patient is shown it, pre-filled with their last answers, and its signing, for the patient's
 * page, `POST /api/me/forms/{id}` and the desk's tablet alike. A submission is written once,
 * as signed (version, answers, typed and drawn signature, time, address and browser), and
 * never changed: a correction is a new one.
 */
import { prisma } from "~/infra/db.server";
import { limitLinkAction } from "~/infra/rate-limit.server";
import { recordAudit } from "~/models/audit/trail.server";
import { ACTIVE_STATUSES } from "~/models/booking/appointment-status";
import { fail, ok, type Result } from "~/utils/result";
import { answersFromFields, checkSubmission, prefill, type Answers } from "./answers";
import { dueFormsOf, type DueForm } from "./due.server";
import { activeForms, type ActiveForm } from "./templates.server";
import { mayActFor } from "~/models/family/links.server";

export const SUBMIT_MESSAGES = {
  unknownForm: "There is no such form.",
  unknownAppointment: "There is no such upcoming appointment of this patient.",
  notYours: "You may fill in forms only for yourself or for a patient you look after.",
  signed: (title: string) => `Thank you: ${title} is signed.`,
} as const;

/**
 * Whether `userId` may fill in (and read) the forms of `patientId`: the patient themself, or
 * a guardian whose link to them is in force and lets them fill their forms
 * (docs/decisions/049-families.md).
 */
export async function mayFillFormsFor(userId: string, patientId: string): Promise<boolean> {
  return mayActFor(userId, patientId, "forms");
}

export type FormToFill = {
  form: ActiveForm;
  patient: { id: string; name: string };
  appointment: { id: string; date: string; time: string } | null;
  /** The last answers given to this form (any version), as far as they fit this one. */
  answers: Answers;
  /** This form's place among those due, when it is one of them. */
  position: { index: number; count: number } | null;
};

async function upcomingVisit(patientId: string, appointmentId: string, now: Date) {
  return prisma.appointment.findFirst({
    where: {
      id: appointmentId,
      userId: patientId,
      status: { in: ACTIVE_STATUSES },
      endsAt: { gt: now },
    },
    select: { id: true, date: true, time: true },
  });
}

/** The answers of the patient's newest submission of the form, whatever its version. */
export async function lastAnswers(patientId: string, templateId: string): Promise<Answers | null> {
  const last = await prisma.formSubmission.findFirst({
    where: { patientId, templateId },
    orderBy: [{ submittedAt: "desc" }, { id: "desc" }],
    select: { answers: true },
  });
  return last ? (JSON.parse(last.answers) as Answers) : null;
}

/**
 * The form `templateId` as `patientId` fills it now (for `appointmentId`, or the first visit
 * it is due for), pre-filled. `userId` is whoever fills it (null: the desk's tablet, already
 * tied to the patient).
 */
export async function formToFill(input: {
  userId: string | null;
  patientId: string;
  templateId: string;
  appointmentId?: string | null;
  now?: Date;
}): Promise<Result<{ fill: FormToFill; due: DueForm[] }>> {
  const now = input.now ?? new Date();
  if (input.userId !== null && !(await mayFillFormsFor(input.userId, input.patientId))) {
    return fail(403, SUBMIT_MESSAGES.notYours);
  }
  const form = (await activeForms()).find((candidate) => candidate.id === input.templateId);
  if (!form) return fail(404, SUBMIT_MESSAGES.unknownForm);
  const patient = await prisma.user.findUnique({
    where: { id: input.patientId },
    select: { id: true, name: true },
  });
  if (!patient) return fail(404, SUBMIT_MESSAGES.notYours);
  const due = await dueFormsOf(patient.id, now);
  const index = due.findIndex((entry) => entry.form.id === form.id);
  const appointmentId = input.appointmentId || due[index]?.appointment.id || null;
  const appointment = appointmentId ? await upcomingVisit(patient.id, appointmentId, now) : null;
  if (input.appointmentId && !appointment) return fail(404, SUBMIT_MESSAGES.unknownAppointment);
  return ok({
    fill: {
      form,
      patient,
      appointment,
      answers: prefill(form.version.questions, await lastAnswers(patient.id, form.id)),
      position: index >= 0 ? { index: index + 1, count: due.length } : null,
    },
    due,
  });
}

export type SubmitInput = {
  /** Whoever fills it in online (the patient or their guardian); null at the desk's tablet. */
  userId: string | null;
  patientId: string;
  templateId: string;
  appointmentId?: string | null;
  /** The API's answers by question id... */
  answers?: unknown;
  /** ...or the page's form as posted (`answer-<question>`, `signatureName`, `signatureDrawing`). */
  fields?: Record<string, string>;
  signature?: unknown;
  drawing?: unknown;
  channel: "online" | "desk";
  client: { clientIp: string; userAgent: string };
  now?: Date;
};

/**
 * Signs the form: checks every answer against the current version (the first problem names
 * its question, then the signature), writes the submission and its audit entry in one
 * transaction, and answers the next form due, if any.
 */
export async function submitForm(
  input: SubmitInput,
): Promise<
  Result<{ message: string; submission: { id: string; submittedAt: Date }; next: DueForm | null }>
> {
  const limited = await limitLinkAction("form", input.client);
  if (limited) return limited;
  const now = input.now ?? new Date();
  const found = await formToFill({ ...input, now });
  if (!found.ok) return found;
  const { form, patient, appointment } = found.fill;
  const questions = form.version.questions;
  const { fields } = input;
  const checked = checkSubmission(
    questions,
    fields
      ? {
          answers: answersFromFields(questions, fields),
          signature: fields.signatureName,
          drawing: fields.signatureDrawing,
        }
      : { answers: input.answers, signature: input.signature, drawing: input.drawing },
  );
  if (!checked.ok) return checked;
  const record = await prisma.user.findUniqueOrThrow({
    where: { id: patient.id },
    select: { name: true, dateOfBirth: true },
  });
  const submission = await prisma.$transaction(async () => {
    const created = await prisma.formSubmission.create({
      data: {
        templateId: form.id,
        versionId: form.version.id,
        patientId: patient.id,
        patientName: record.name,
        patientDateOfBirth: record.dateOfBirth,
        appointmentId: appointment?.id ?? null,
        filledById: input.userId,
        channel: input.channel,
        answers: JSON.stringify(checked.form.answers),
        signatureName: checked.form.signatureName,
        signatureDrawing: checked.form.signatureDrawing,
        submittedAt: now,
        ipAddress: input.client.clientIp.slice(0, 64),
        userAgent: input.client.userAgent.slice(0, 300),
      },
      select: { id: true, submittedAt: true },
    });
    await recordAudit({
      actor:
        input.userId === null
          ? { id: patient.id, role: "patient" }
          : { id: input.userId, role: "patient" },
      action: "form.submit",
      entityType: "FormSubmission",
      entityId: created.id,
      patientId: patient.id,
      summary: `Signed ${form.version.title} (version ${form.version.number})${input.channel === "desk" ? " at the desk" : ""}`,
    });
    return created;
  });
  const next = found.due.find((entry) => entry.form.id !== form.id) ?? null;
  return ok({ message: SUBMIT_MESSAGES.signed(form.version.title), submission, next });
}

/** A form as the API lists it (`GET /api/me/forms`). */
export function formJson(entry: DueForm, answers: Answers) {
  return {
    id: entry.form.id,
    title: entry.form.version.title,
    version: entry.form.version.number,
    intro: entry.form.version.intro,
    dueFor: { appointment: entry.appointment.id, patient: entry.patientId },
    questions: entry.form.version.questions.map((question) => ({
      id: question.id,
      label: question.label,
      type: question.type,
      ...(question.options ? { options: question.options } : {}),
      required: question.required,
      ...(question.section ? { section: question.section } : {}),
      ...(question.help ? { help: question.help } : {}),
    })),
    answers,
  };
}

/** `GET /api/me/forms`: the forms due before the user's upcoming visits, each pre-filled. */
export async function dueFormsJson(userId: string, now: Date = new Date()) {
  const due = await dueFormsOf(userId, now);
  return Promise.all(
    due.map(async (entry) =>
      formJson(
        entry,
        prefill(entry.form.version.questions, await lastAnswers(userId, entry.form.id)),
      ),
    ),
  );
}
