/**
 * A signed form as it is read (docs/decisions/050-medical-history-and-consent-forms.md): by
 * the patient (or whoever may fill their forms), and by staff with the need to know, as for
 * medical alerts (the patient's own dentists and the desk, every read audited and counted:
 * docs/decisions/043-need-to-know-for-staff.md). The printable page, the PDF and the review
 * screen all show this one view.
 */
import type { Prisma } from "@prisma/client";
import { prisma } from "~/infra/db.server";
import { patientsInReach, readPatients } from "~/models/patients/access.server";
import { may, scopeOf } from "~/models/permissions";
import type { StaffActor } from "~/models/roles";
import { getClinicSettings } from "~/models/settings/clinic-settings.server";
import { type ClinicClock, formatDate, formatStamp } from "~/utils/clinic-format";
import { fail, ok, type Result } from "~/utils/result";
import { parseQuestions, type Question } from "~/validation/form-questions";
import { proposedAlerts, type ProposedAlert } from "./alerts";
import { answerText, changedAnswers, type Answers } from "./answers";
import { mayFillFormsFor } from "./submit.server";

export const FORMS_HIDDEN_MESSAGE =
  "Signed forms are shown to the patient's own dentists and the front desk.";
export const UNKNOWN_SUBMISSION = "There is no such signed form.";

const SUBMISSION = {
  version: { select: { number: true, title: true, intro: true, questions: true } },
  template: { select: { id: true, kind: true } },
  review: true,
} as const satisfies Prisma.FormSubmissionInclude;

type Row = Prisma.FormSubmissionGetPayload<{ include: typeof SUBMISSION }>;

export type AnswerRow = {
  id: string;
  label: string;
  section: string | null;
  text: string;
  answered: boolean;
  /** Differs from the patient's previous submission of this form. */
  changed: boolean;
};

export type ReviewedAlert = { alert: string; decision: "accepted" | "declined" };

export type SubmissionView = {
  id: string;
  templateId: string;
  kind: string;
  title: string;
  version: number;
  intro: string;
  patient: { id: string | null; name: string; dateOfBirth: string };
  submittedAt: string;
  /** The time in the clinic's words: "Nov 23, 2026, 10:00 AM". */
  signedAt: string;
  channel: "online" | "desk";
  signatureName: string;
  signatureDrawing: string | null;
  ipAddress: string;
  userAgent: string;
  /** Whether there was an earlier submission to compare with. */
  compared: boolean;
  answers: AnswerRow[];
  review: {
    reviewerName: string;
    reviewedAt: string;
    alerts: ReviewedAlert[];
    note: string;
  } | null;
};

function toView(row: Row, clock: ClinicClock, previous: Answers | null): SubmissionView {
  const questions = parseQuestions(row.version.questions);
  const answers = JSON.parse(row.answers) as Answers;
  const changed = changedAnswers(questions, previous, answers);
  return {
    id: row.id,
    templateId: row.template.id,
    kind: row.template.kind,
    title: row.version.title,
    version: row.version.number,
    intro: row.version.intro,
    patient: {
      id: row.patientId,
      name: row.patientName,
      dateOfBirth: row.patientDateOfBirth ? formatDate(row.patientDateOfBirth, clock) : "",
    },
    submittedAt: row.submittedAt.toISOString(),
    signedAt: formatStamp(row.submittedAt, clock),
    channel: row.channel === "desk" ? "desk" : "online",
    signatureName: row.signatureName,
    signatureDrawing: row.signatureDrawing,
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    compared: previous !== null,
    answers: questions.map((question: Question) => ({
      id: question.id,
      label: question.label,
      section: question.section ?? null,
      text: answerText(question, answers[question.id]),
      answered: answers[question.id] !== undefined,
      changed: changed.has(question.id),
    })),
    review: row.review
      ? {
          reviewerName: row.review.reviewerName,
          reviewedAt: formatStamp(row.review.reviewedAt, clock),
          alerts: (
            JSON.parse(row.review.alerts) as {
              alert: string;
              decision: ReviewedAlert["decision"];
            }[]
          ).map(({ alert, decision }) => ({ alert, decision })),
          note: row.review.note,
        }
      : null,
  };
}

/** The submission of the same patient and form just before this one, if any. */
async function previousOf(row: Row) {
  if (!row.patientId) return null;
  return prisma.formSubmission.findFirst({
    where: {
      patientId: row.patientId,
      templateId: row.templateId,
      OR: [
        { submittedAt: { lt: row.submittedAt } },
        { submittedAt: row.submittedAt, id: { lt: row.id } },
      ],
    },
    orderBy: [{ submittedAt: "desc" }, { id: "desc" }],
    select: { answers: true },
  });
}

async function loadView(id: string): Promise<{ row: Row; view: SubmissionView } | null> {
  const row = await prisma.formSubmission.findUnique({ where: { id }, include: SUBMISSION });
  if (!row) return null;
  const [settings, previous] = await Promise.all([getClinicSettings(), previousOf(row)]);
  const clock = { timeZone: settings.timeZone, locale: settings.locale };
  return {
    row,
    view: toView(row, clock, previous ? (JSON.parse(previous.answers) as Answers) : null),
  };
}

/** A signed form for whoever may fill the patient's forms (their own page and PDF). */
export async function ownSubmission(
  userId: string,
  id: string,
): Promise<Result<{ view: SubmissionView }>> {
  const found = await loadView(id);
  if (!found?.row.patientId || !(await mayFillFormsFor(userId, found.row.patientId))) {
    return fail(404, UNKNOWN_SUBMISSION);
  }
  return ok({ view: found.view });
}

export type StaffSubmission = {
  view: SubmissionView;
  /** The alerts a review may accept into the record (a history not yet reviewed). */
  proposals: ProposedAlert[];
  /** The record's alerts now, beside the proposals. */
  record: { allergies: string; conditions: string } | null;
  /** Whether this staff member may sign its review now, or why not. */
  review: { allowed: true } | { allowed: false; reason: string | null };
};

/**
 * A signed form for staff with the need to know (the patient's own dentists, the desk, admins):
 * one audited read, counted against the hourly bound. A history not yet reviewed comes with
 * its proposed alerts, and whether this staff member may review it.
 */
export async function staffSubmission(
  actor: StaffActor,
  id: string,
): Promise<Result<StaffSubmission>> {
  const found = await loadView(id);
  if (!found) return fail(404, UNKNOWN_SUBMISSION);
  const { row, view } = found;
  const inReach = row.patientId
    ? (await patientsInReach(actor, [row.patientId])).size > 0
    : scopeOf(actor, "patients.contact") === "all";
  if (!inReach) return fail(403, FORMS_HIDDEN_MESSAGE);
  const refused = await readPatients(actor, {
    patientIds: row.patientId ? [row.patientId] : [],
    action: "form.view",
    entityType: "FormSubmission",
    entityId: row.id,
    patientId: row.patientId,
    summary: `Opened the signed form ${view.title} of ${view.signedAt}`,
  });
  if (refused) return refused;
  return ok({ view, ...(await reviewState(actor, row)) });
}

async function reviewState(actor: StaffActor, row: Row): Promise<Omit<StaffSubmission, "view">> {
  const none = { proposals: [], record: null };
  if (row.template.kind !== "history" || !row.patientId) {
    return { ...none, review: { allowed: false, reason: null } };
  }
  if (row.review) return { ...none, review: { allowed: false, reason: null } };
  const [record, newer] = await Promise.all([
    prisma.user.findUniqueOrThrow({
      where: { id: row.patientId },
      select: { allergies: true, conditions: true },
    }),
    prisma.formSubmission.findFirst({
      where: {
        patientId: row.patientId,
        templateId: row.templateId,
        submittedAt: { gt: row.submittedAt },
      },
      select: { id: true },
    }),
  ]);
  const proposals = proposedAlerts(
    parseQuestions(row.version.questions),
    JSON.parse(row.answers) as Answers,
    record,
  );
  if (newer) {
    return { proposals, record, review: { allowed: false, reason: REVIEW_MESSAGES.newer } };
  }
  if (!may(actor, "forms.review", { own: true })) {
    return { proposals, record, review: { allowed: false, reason: REVIEW_MESSAGES.notReviewer } };
  }
  return { proposals, record, review: { allowed: true } };
}

export const REVIEW_MESSAGES = {
  newer: "The patient signed a newer medical history since: review that one.",
  notReviewer: "A medical history is reviewed by the patient's dentist or an administrator.",
  reviewed: "This medical history has been reviewed already.",
  notHistory: "Only a medical history is reviewed.",
  signature: "Please sign the review: type your full name.",
  decision: (alert: string) => `Please accept or decline the alert "${alert}".`,
  tooLong: (field: string) =>
    `The patient's ${field} would be longer than the record holds: shorten them on the patient's card first.`,
  done: (accepted: number) =>
    accepted === 0
      ? "The medical history is reviewed."
      : `The medical history is reviewed: ${accepted} ${accepted === 1 ? "alert" : "alerts"} added to the record.`,
} as const;

/** The patient's signed forms, newest first: what their page lists with print and PDF links. */
export async function signedFormsOf(patientId: string) {
  const [rows, settings] = await Promise.all([
    prisma.formSubmission.findMany({
      where: { patientId },
      select: {
        id: true,
        submittedAt: true,
        channel: true,
        version: { select: { title: true, number: true } },
        review: { select: { id: true } },
      },
      orderBy: [{ submittedAt: "desc" }, { id: "desc" }],
      take: 100,
    }),
    getClinicSettings(),
  ]);
  const clock = { timeZone: settings.timeZone, locale: settings.locale };
  return rows.map((row) => ({
    id: row.id,
    title: row.version.title,
    version: row.version.number,
    signedAt: formatStamp(row.submittedAt, clock),
    channel: row.channel,
    reviewed: row.review !== null,
  }));
}
