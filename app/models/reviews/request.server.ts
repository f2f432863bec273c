import { UNDO_MINUTES } from "~/models/booking/appointment-status";
import { prisma } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { mailRecipient } from "~/models/mail/appointment-mail.server";
import type { Settings } from "~/models/settings/clinic-settings.server";
import { enqueueMail } from "~/models/mail/outbox.server";

/** At most one review request per patient in this many days. */
export const REVIEW_REQUEST_DAYS = 183;

/**
 * When a visit is completed, inside that transaction: the patient's reviews of the service
 * become "Verified patient", and they get a request to review it, unless they had one in the
 * last six months (the outbox is the record of what was sent, read through its userId index).
 */
export async function afterVisitCompleted(
  visit: { id: string; userId: string | null; name: string; service: { id: string; name: string } },
  settings: Settings,
  now: Date,
): Promise<void> {
  if (!visit.userId) return;
  await prisma.review.updateMany({
    where: { userId: visit.userId, serviceId: visit.service.id, verified: false },
    data: { verified: true },
  });
  const since = new Date(now.getTime() - REVIEW_REQUEST_DAYS * 86_400_000);
  const recent = await prisma.outboxMessage.findFirst({
    where: { userId: visit.userId, kind: "review_request", createdAt: { gt: since } },
    select: { id: true },
  });
  if (recent) return;
  const to = await mailRecipient(visit.userId);
  if (!to) return;
  const link = `${getEnv().APP_URL}/add-review?service=${encodeURIComponent(visit.service.id)}`;
  await enqueueMail(
    {
      dedupeKey: `review_request:${visit.id}`,
      kind: "review_request",
      to,
      subject: `How was your ${visit.service.name}?`,
      text: `Hello ${visit.name},\n\nthank you for visiting us. Would you tell other patients how your ${visit.service.name} went? Your review will show as from a verified patient.\n\nWrite a review: ${link}\n\n${settings.clinicName}`,
      userId: visit.userId,
      appointmentId: visit.id,
      // It waits out the desk's undo window, so a completion taken back never reaches the patient.
      notBefore: new Date(now.getTime() + UNDO_MINUTES * 60_000),
    },
    now,
  );
}

/** A completion taken back: its review request goes too, unless it has already been sent. */
export async function withdrawReviewRequest(visitId: string) {
  await prisma.outboxMessage.deleteMany({
    where: { dedupeKey: `review_request:${visitId}`, status: { in: ["pending", "failed"] } },
  });
}
