/**
 * A dentist's review of a medical history (docs/decisions/050-medical-history-and-consent-forms.md):
 * the histories waiting for one, and the signed review, which accepts each proposed alert
 * into the record's allergies or conditions (shown on the diary card and the visit page) or
 * declines it, in one transaction with its audit entry. The patient's own dentists (any
 * dentist with a visit of theirs) and administrators review.
 */
import { prisma } from "~/infra/db.server";
import { limitStaffWrite } from "~/infra/rate-limit.server";
import { recordAudit } from "~/models/audit/trail.server";
import { ownVisitsOf } from "~/models/patients/access.server";
import { may, scopeOf } from "~/models/permissions";
import type { StaffActor } from "~/models/roles";
import { getClinicSettings } from "~/models/settings/clinic-settings.server";
import { formatStamp } from "~/utils/clinic-format";
import { fail, invalid, ok, type Result } from "~/utils/result";
import { PATIENT_LIMITS } from "~/validation/patient";
import { decisionField, withAlert } from "./alerts";
import { REVIEW_MESSAGES, staffSubmission } from "./view.server";

const SIGNATURE_LIMIT = 120;

/**
 * Signs the review of history `id`: every proposed alert accepted or declined (the form's
 * `alert-<question>` fields), the reviewer's typed name. Refused when the history is not the
 * patient's newest, was reviewed already, or the reviewer may not review it.
 */
export async function reviewSubmission(
  actor: StaffActor,
  id: string,
  form: Record<string, unknown>,
  now: Date = new Date(),
): Promise<Result<{ message: string }>> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  const read = await staffSubmission(actor, id);
  if (!read.ok) return read;
  const { view, proposals, review } = read;
  if (view.kind !== "history") return fail(409, REVIEW_MESSAGES.notHistory);
  if (view.review) return fail(409, REVIEW_MESSAGES.reviewed);
  if (!review.allowed) {
    return fail(
      review.reason === REVIEW_MESSAGES.newer ? 409 : 403,
      review.reason ?? REVIEW_MESSAGES.notReviewer,
    );
  }
  const decisions: {
    questionId: string;
    alert: string;
    field: string;
    text: string;
    decision: "accepted" | "declined";
  }[] = [];
  for (const proposal of proposals) {
    const value = form[decisionField(proposal.questionId)];
    if (value !== "accept" && value !== "decline") {
      return {
        ...invalid(REVIEW_MESSAGES.decision(proposal.alert)),
        field: decisionField(proposal.questionId),
      };
    }
    decisions.push({ ...proposal, decision: value === "accept" ? "accepted" : "declined" });
  }
  const signature = typeof form.reviewerName === "string" ? form.reviewerName.trim() : "";
  if (!signature || signature.length > SIGNATURE_LIMIT) {
    return { ...invalid(REVIEW_MESSAGES.signature), field: "reviewerName" };
  }
  const note = typeof form.note === "string" ? form.note.trim().slice(0, 1000) : "";
  const patientId = view.patient.id!;
  return prisma.$transaction(async () => {
    // Taken again inside the transaction: two reviewers at once, one review.
    const taken = await prisma.formReview.findUnique({
      where: { submissionId: id },
      select: { id: true },
    });
    if (taken) return fail(409, REVIEW_MESSAGES.reviewed);
    const record = await prisma.user.findUniqueOrThrow({
      where: { id: patientId },
      select: { allergies: true, conditions: true },
    });
    const next = { ...record };
    for (const decision of decisions) {
      if (decision.decision !== "accepted") continue;
      const field = decision.field as keyof typeof next;
      next[field] = withAlert(next[field], decision.text);
      if (next[field].length > PATIENT_LIMITS[field])
        return invalid(REVIEW_MESSAGES.tooLong(field));
    }
    await prisma.formReview.create({
      data: {
        submissionId: id,
        reviewerId: actor.id,
        reviewerRole: actor.role,
        reviewerName: signature,
        reviewedAt: now,
        alerts: JSON.stringify(decisions),
        note,
      },
    });
    const accepted = decisions.filter((decision) => decision.decision === "accepted").length;
    if (accepted > 0) await prisma.user.update({ where: { id: patientId }, data: next });
    // The alerts are named by count only: the trail outlives the record (ADR 042).
    await recordAudit({
      actor,
      action: "form.review",
      entityType: "FormSubmission",
      entityId: id,
      patientId,
      summary: `Reviewed the medical history of ${view.signedAt}: ${accepted} ${accepted === 1 ? "alert" : "alerts"} accepted, ${decisions.length - accepted} declined`,
      after: { accepted, declined: decisions.length - accepted },
    });
    return ok({ message: REVIEW_MESSAGES.done(accepted) });
  });
}

/**
 * The medical histories waiting for this staff member's review, oldest first: each patient's
 * newest history when it is not reviewed yet (an older one a newer replaced is not waited
 * for), for a dentist their own patients', for an administrator everyone's.
 */
export async function reviewQueue(actor: StaffActor, take = 100) {
  if (!may(actor, "forms.review", { own: true })) return [];
  const own = scopeOf(actor, "forms.review") === "own";
  const rows = await prisma.formSubmission.findMany({
    where: {
      template: { kind: "history" },
      review: null,
      patientId: { not: null },
      ...(own ? { patient: { appointments: { some: ownVisitsOf(actor) } } } : {}),
    },
    select: {
      id: true,
      patientId: true,
      templateId: true,
      patientName: true,
      submittedAt: true,
      channel: true,
      version: { select: { title: true } },
    },
    orderBy: [{ submittedAt: "asc" }, { id: "asc" }],
    take: take * 4,
  });
  const newest = await prisma.formSubmission.groupBy({
    by: ["patientId", "templateId"],
    where: { patientId: { in: [...new Set(rows.map((row) => row.patientId!))] } },
    _max: { submittedAt: true },
  });
  const latest = new Map(
    newest.map((row) => [`${row.patientId}:${row.templateId}`, row._max.submittedAt]),
  );
  const settings = await getClinicSettings();
  const clock = { timeZone: settings.timeZone, locale: settings.locale };
  return rows
    .filter(
      (row) =>
        latest.get(`${row.patientId}:${row.templateId}`)?.getTime() === row.submittedAt.getTime(),
    )
    .slice(0, take)
    .map((row) => ({
      id: row.id,
      patient: row.patientName,
      title: row.version.title,
      signedAt: formatStamp(row.submittedAt, clock),
      channel: row.channel,
    }));
}
