import { recordAudit } from "~/models/audit/trail.server";
import type { AuditActor } from "~/models/audit/entry.server";
import { prisma } from "~/infra/db.server";
import { fail, invalid, ok, type Result } from "~/utils/result";
import { serviceReviewSchema } from "~/validation/moderation";
import { REJECTION_REASON_MAX } from "~/validation/service";
import { limitStaffWrite } from "~/infra/rate-limit.server";

/**
 * The review of patient-added services (docs/decisions/023-service-approval.md): a
 * moderator publishes a service that waits, or rejects it with a reason its author reads.
 */

/** Services the moderation screen shows at once; the oldest wait longest, so they come first. */
export const AWAITING_LIST_SIZE = 50;

export const SERVICE_REVIEW_MESSAGES = {
  choose: "Please choose a service to approve or reject.",
  reason: "Please give the author a reason for not publishing the service.",
  reasonTooLong: `Please keep the reason to ${REJECTION_REASON_MAX} characters.`,
  gone: "That service no longer exists.",
  alreadyReviewed: "That service has already been reviewed.",
} as const;

export type AwaitingService = {
  id: string;
  slug: string;
  name: string;
  description: string;
  price: number;
  category: string;
  createdAt: string;
  authorName: string | null;
  authorEmail: string | null;
};

/** Services waiting for review, oldest first, and how many wait in all. */
export async function listServicesAwaitingReview(
  take: number = AWAITING_LIST_SIZE,
): Promise<{ services: AwaitingService[]; total: number }> {
  const where = { status: "awaiting_review" } as const;
  const [rows, total] = await Promise.all([
    prisma.service.findMany({
      where,
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take,
      include: { createdBy: { select: { name: true, email: true } } },
    }),
    prisma.service.count({ where }),
  ]);
  return {
    total,
    services: rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      description: row.description,
      price: row.priceCents / 100,
      category: row.category,
      createdAt: row.createdAt.toISOString(),
      authorName: row.createdBy?.name ?? null,
      authorEmail: row.createdBy?.email ?? null,
    })),
  };
}

/**
 * Publishes a service awaiting review, or rejects it with a reason (kept in the audit
 * entry, where its author's view reads it). The change and its audit entry are one
 * transaction; only a service still awaiting review can be decided (two moderators at
 * once: the second is told it has been reviewed).
 */
export async function reviewService(
  input: Record<string, unknown>,
  actor: Extract<AuditActor, { id: string }>,
): Promise<Result<{ service: { id: string; name: string; status: string } }>> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  const parsed = serviceReviewSchema.safeParse(input);
  if (!parsed.success) return invalid(SERVICE_REVIEW_MESSAGES.choose);
  const { serviceId } = parsed.data;
  let reason: string | null = null;
  if (parsed.data.intent === "reject-service") {
    const raw = parsed.data.reason;
    reason = typeof raw === "string" ? raw.trim() : "";
    if (!reason) return invalid(SERVICE_REVIEW_MESSAGES.reason);
    if (reason.length > REJECTION_REASON_MAX) return invalid(SERVICE_REVIEW_MESSAGES.reasonTooLong);
  }
  const approve = parsed.data.intent === "approve-service";
  const status = approve ? "published" : "rejected";

  return prisma.$transaction(async () => {
    const service = await prisma.service.findUnique({ where: { id: serviceId } });
    if (!service) return fail(404, SERVICE_REVIEW_MESSAGES.gone);
    const { count } = await prisma.service.updateMany({
      where: { id: service.id, status: "awaiting_review" },
      data: { status },
    });
    if (count === 0) return fail(409, SERVICE_REVIEW_MESSAGES.alreadyReviewed);
    await recordAudit({
      actor,
      action: approve ? "service.approve" : "service.reject",
      entityType: "Service",
      entityId: service.id,
      patientId: service.createdById,
      summary: approve
        ? `Published the service ${service.name}`
        : `Did not publish the service ${service.name}: ${reason}`,
      before: { status: service.status },
      after: approve ? { status } : { status, reason },
    });
    return ok({ service: { id: service.id, name: service.name, status } });
  });
}
