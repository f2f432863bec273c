import type { Prisma, Service } from "@prisma/client";
import { recordAudit, type AuditActor } from "~/models/audit.server";
import { getClinicSettings } from "~/models/clinic-settings.server";
import { prisma } from "~/utils/db.server";
import { dollarsToCents } from "~/utils/format";
import { decodeCursor, olderThan, pageOf } from "~/utils/keyset";
import { fail, ok, type Result } from "~/utils/result";
import {
  isServiceStatus,
  type ServiceStatus,
  type StaffServiceFilter,
} from "~/utils/service-status";
import { validateForm } from "~/validation/form";
import { SERVICE_EDIT_REQUIRED_FIELDS, serviceEditSchema } from "~/validation/service";
import { limitStaffWrite } from "~/utils/rate-limit.server";

/** The admin's services screen: every service, whatever the public sees of it. */

export const STAFF_SERVICES_PAGE_SIZE = 30;

export const SERVICE_GONE_MESSAGE = "That service no longer exists.";

export type StaffServiceRow = {
  id: string;
  slug: string;
  name: string;
  category: string;
  priceCents: number;
  durationMinutes: number;
  bufferMinutes: number;
  status: ServiceStatus;
  hidden: boolean;
  createdAt: string;
};

function toRow(service: Service): StaffServiceRow {
  return {
    id: service.id,
    slug: service.slug,
    name: service.name,
    category: service.category,
    priceCents: service.priceCents,
    durationMinutes: service.durationMinutes,
    bufferMinutes: service.bufferMinutes,
    status: isServiceStatus(service.status) ? service.status : "awaiting_review",
    hidden: service.hidden,
    createdAt: service.createdAt.toISOString(),
  };
}

/** One page of services, newest first, narrowed by status (or hidden ones), after `cursor`. */
export async function listServicesForStaff({
  filter = "all",
  cursor,
  take = STAFF_SERVICES_PAGE_SIZE,
}: { filter?: StaffServiceFilter; cursor?: string | null; take?: number } = {}) {
  const where: Prisma.ServiceWhereInput =
    filter === "all" ? {} : filter === "hidden" ? { hidden: true } : { status: filter };
  const rows = await prisma.service.findMany({
    where: { ...where, ...olderThan("createdAt", decodeCursor(cursor)) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: take + 1,
  });
  const page = pageOf(rows, take, (row) => row.createdAt);
  return { services: page.rows.map(toRow), next: page.next };
}

export type EditableService = StaffServiceRow & { description: string; price: string };

export async function getServiceForEditing(id: string): Promise<EditableService | null> {
  const service = id.length <= 64 ? await prisma.service.findUnique({ where: { id } }) : null;
  if (!service) return null;
  return {
    ...toRow(service),
    description: service.description,
    price: (service.priceCents / 100).toFixed(2),
  };
}

const AUDITED = [
  "name",
  "description",
  "priceCents",
  "category",
  "durationMinutes",
  "bufferMinutes",
  "hidden",
] as const;

/**
 * Saves an admin's edit of a service: validated first (nothing is written otherwise),
 * then the change and its audit entry (the changed fields before and after) in one
 * transaction. The public reads are cleared afterwards, so the catalogue, the service page
 * and the booking picker show it at once.
 */
export async function updateService(
  id: string,
  input: Record<string, unknown>,
  actor: Extract<AuditActor, { id: string }>,
): Promise<Result<{ service: StaffServiceRow; changed: boolean }>> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  const { gridMinutes } = await getClinicSettings();
  const validated = validateForm(
    serviceEditSchema(gridMinutes),
    input,
    SERVICE_EDIT_REQUIRED_FIELDS,
  );
  if (!validated.ok) return validated;
  const { price, ...fields } = validated.data;
  const next = { ...fields, priceCents: dollarsToCents(price)! };

  return prisma.$transaction(async (tx) => {
    const service = id.length <= 64 ? await tx.service.findUnique({ where: { id } }) : null;
    if (!service) return fail(404, SERVICE_GONE_MESSAGE);
    const changedKeys = AUDITED.filter((key) => service[key] !== next[key]);
    if (changedKeys.length === 0) return ok({ service: toRow(service), changed: false });
    const updated = await tx.service.update({ where: { id }, data: next });
    await recordAudit(tx, {
      actor,
      action: "service.update",
      entityType: "Service",
      entityId: id,
      summary: `Changed the service ${updated.name}: ${changedKeys.join(", ")}`,
      before: Object.fromEntries(changedKeys.map((key) => [key, service[key]])),
      after: Object.fromEntries(changedKeys.map((key) => [key, updated[key]])),
    });
    return ok({ service: toRow(updated), changed: true });
  });
}
