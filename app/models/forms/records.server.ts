/**
 * Signed forms in the patient's other paths (docs/decisions/050-medical-history-and-consent-forms.md):
 * the line of the confirmation and first reminder that links to the forms due, the section of
 * the data download, the account deletion (the clinic's retention of clinical records), and
 * the daily sweep that deletes what retention no longer keeps.
 */
import { prisma } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { type BackgroundJob, startSweep } from "~/infra/sweep.server";
import { recordAudit } from "~/models/audit/trail.server";
import { addMonths } from "~/models/recall/rules";
import { clinicNow } from "~/utils/clinic-time";
import { parseQuestions } from "~/validation/form-questions";
import { answerText, type Answers } from "./answers";
import { dueFormsForVisit } from "./due.server";

/** Where a form is filled online: the first form due for the visit, the rest follow. */
export function formsLink(templateId: string, appointmentId: string, patientId: string): string {
  const query = new URLSearchParams({ visit: appointmentId, patient: patientId });
  return `${getEnv().APP_URL}/user/forms/${encodeURIComponent(templateId)}?${query}`;
}

/**
 * The confirmation's and first reminder's paragraph on the forms due before the visit (a
 * link to the first, the others follow it), or null when none is due.
 */
export async function formsMailLine(appointmentId: string): Promise<string | null> {
  const visit = await prisma.appointment.findUnique({
    where: { id: appointmentId },
    select: { id: true, userId: true, date: true, serviceId: true, startsAt: true },
  });
  if (!visit?.userId) return null;
  return formsLine(await dueFormsForVisit(visit), visit.id, visit.userId);
}

/** That paragraph for forms already known to be due (a new booking reads them before its visit is written). */
export function formsLine(
  due: readonly { id: string; version: { title: string } }[],
  appointmentId: string,
  patientId: string,
): string | null {
  if (due.length === 0) return null;
  const titles = due.map((form) => form.version.title).join(", ");
  return `Before your visit, please fill in ${due.length === 1 ? "this form" : "these forms"}: ${titles}. It takes a few minutes: ${formsLink(due[0]!.id, appointmentId, patientId)}`;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The data download's `forms` section: every signed form as signed, with its review. */
export async function formsExport(userId: string) {
  const rows = await prisma.formSubmission.findMany({
    where: { patientId: userId },
    include: {
      version: { select: { number: true, title: true, questions: true } },
      review: true,
    },
    orderBy: [{ submittedAt: "asc" }, { id: "asc" }],
  });
  return rows.map((row) => {
    const questions = parseQuestions(row.version.questions);
    const answers = JSON.parse(row.answers) as Answers;
    return {
      id: row.id,
      form: row.version.title,
      version: row.version.number,
      signedAt: iso(row.submittedAt),
      channel: row.channel,
      answers: questions.map((question) => ({
        question: question.label,
        answer: answerText(question, answers[question.id]),
      })),
      signatureName: row.signatureName,
      signatureDrawing: row.signatureDrawing,
      ipAddress: row.ipAddress,
      userAgent: row.userAgent,
      review: row.review
        ? {
            reviewedAt: iso(row.review.reviewedAt),
            reviewerName: row.review.reviewerName,
            alerts: (JSON.parse(row.review.alerts) as { alert: string; decision: string }[]).map(
              ({ alert, decision }) => ({ alert, decision }),
            ),
          }
        : null,
      pdf: `${getEnv().APP_URL}/user/forms/submissions/${row.id}/pdf`,
    };
  });
}

/**
 * The deletion's step: with the clinic's retention (`formRetentionYears`) at 0 the signed
 * forms go with the account; otherwise they stay, no longer linked to it, as clinical
 * records until the retention ends (keptUntil), holding the name and date of birth they
 * were signed with. Answers how many it deleted or kept.
 */
export async function eraseFormsOf(userId: string, now: Date) {
  const { formRetentionYears, timeZone } = await prisma.clinicSettings.findUniqueOrThrow({
    where: { id: 1 },
    select: { formRetentionYears: true, timeZone: true },
  });
  if (formRetentionYears === 0) {
    return (await prisma.formSubmission.deleteMany({ where: { patientId: userId } })).count;
  }
  const keptUntil = addMonths(clinicNow(now, timeZone).date, formRetentionYears * 12);
  const { count } = await prisma.formSubmission.updateMany({
    where: { patientId: userId },
    data: { patientId: null, keptUntil },
  });
  return count;
}

/** Deletes the kept forms whose retention has ended, and tablets locked or expired a day ago. */
export async function purgeKeptForms(
  now: Date = new Date(),
): Promise<{ forms: number; tablets: number }> {
  const settings = await prisma.clinicSettings.findUniqueOrThrow({
    where: { id: 1 },
    select: { timeZone: true },
  });
  const today = clinicNow(now, settings.timeZone).date;
  const forms = await prisma.$transaction(async () => {
    const { count } = await prisma.formSubmission.deleteMany({
      where: { patientId: null, keptUntil: { lt: today } },
    });
    if (count > 0) {
      await recordAudit({
        actor: { id: null, role: "system" },
        action: "form.purge",
        entityType: "FormSubmission",
        summary: `Deleted ${count} signed ${count === 1 ? "form" : "forms"} of deleted accounts whose retention ended`,
        after: { count },
      });
    }
    return count;
  });
  const { count: tablets } = await prisma.kioskSession.deleteMany({
    where: { expiresAt: { lt: new Date(now.getTime() - 86_400_000) } },
  });
  return { forms, tablets };
}

/** Daily, at 03:17 (the server's clock). */
export function startFormRetentionSweep(): BackgroundJob {
  return startSweep("form retention", () => purgeKeptForms(), { pattern: "0 17 3 * * *" });
}
