import type { Prisma, Service } from "@prisma/client";
import { recordAudit } from "~/models/audit/trail.server";
import type { AuditActor } from "~/models/audit/entry.server";
import { auditFieldLabel } from "~/models/audit/labels";
import { getClinicSettings } from "~/models/settings/clinic-settings.server";
import { prisma } from "~/infra/db.server";
import { dollarsToCents } from "~/utils/format";
import { decodeCursor, olderThan, pageOf } from "~/utils/keyset";
import { fail, type Failure, invalid, ok, type Result } from "~/utils/result";
import { isServiceStatus, type ServiceStatus, type StaffServiceFilter } from "./status";
import { validateForm } from "~/validation/form";
import { staffServiceSchema } from "~/validation/service";
import { limitStaffWrite } from "~/infra/rate-limit.server";
import { withFreeSlug } from "./slug.server";

/** The admin's services screen: every service, whatever the public sees of it. */

export const STAFF_SERVICES_PAGE_SIZE = 30;

export const SERVICE_EDIT_MESSAGES = {
  gone: "That service no longer exists.",
  dentistGone:
    "One of the chosen dentists is no longer on the team. Please reload the page and choose again.",
} as const;

export type StaffServiceRow = {
  id: string;
  slug: string;
  name: string;
  category: string;
  priceCents: number;
  durationMinutes: number;
  bufferMinutes: number;
  minAgeYears: number | null;
  maxAgeYears: number | null;
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
    minAgeYears: service.minAgeYears,
    maxAgeYears: service.maxAgeYears,
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

export type EditableService = StaffServiceRow & {
  description: string;
  price: string;
  photo: string;
  /** The dentists who perform it; none means the whole team does. */
  dentistIds: string[];
};

export async function getServiceForEditing(id: string): Promise<EditableService | null> {
  const service =
    id.length <= 64
      ? await prisma.service.findUnique({
          where: { id },
          include: { dentists: { select: { dentistId: true } } },
        })
      : null;
  if (!service) return null;
  return {
    ...toRow(service),
    description: service.description,
    price: (service.priceCents / 100).toFixed(2),
    photo: service.photo,
    dentistIds: service.dentists.map((link) => link.dentistId),
  };
}

/** Who may be ticked as performing a service: the whole team, active or not, in its order. */
export async function teamForServiceForm() {
  return prisma.dentist.findMany({
    orderBy: [{ sortOrder: "asc" }, { name: "asc" }, { id: "asc" }],
    select: { id: true, name: true, active: true },
  });
}

export const SERVICE_FORM_REQUIRED_FIELDS = ["name", "description", "price", "photo"] as const;

const dentistGone = (): Failure => ({
  ...invalid(SERVICE_EDIT_MESSAGES.dentistGone),
  field: "dentist",
});
type StaffActor = Extract<AuditActor, { id: string }>;

/** The ticked dentists, each once; null when the form sent something no dentist id can be. */
function dentistIdsOf(values: readonly unknown[]): string[] | null {
  const ids = [...new Set(values)];
  if (ids.length > 200) return null;
  return ids.every((entry) => typeof entry === "string" && entry.length > 0 && entry.length <= 64)
    ? (ids as string[])
    : null;
}

/** The named dentists by name, in the team's order; null when one of them is gone. */
async function performers(ids: string[]) {
  const found = await prisma.dentist.findMany({
    where: { id: { in: ids } },
    orderBy: [{ sortOrder: "asc" }, { name: "asc" }],
    select: { id: true, name: true },
  });
  return found.length === ids.length ? found : null;
}

async function validated(input: Record<string, unknown>, dentists: readonly unknown[]) {
  const { gridMinutes } = await getClinicSettings();
  const form = validateForm(staffServiceSchema(gridMinutes), input, SERVICE_FORM_REQUIRED_FIELDS);
  if (!form.ok) return form;
  const dentistIds = dentistIdsOf(dentists);
  if (!dentistIds) return dentistGone();
  const { price, ...fields } = form.data;
  return ok({ fields: { ...fields, priceCents: dollarsToCents(price)! }, dentistIds });
}

/**
 * A service added by staff: validated with the add-service messages and the grid rule,
 * then stored published (staff need no approval) with a unique slug, the dentists who
 * perform it, and its audit entry, in one transaction. The public reads are cleared
 * afterwards, so the catalogue and the booking form offer it at once (unless hidden).
 */
export async function createStaffService(
  input: Record<string, unknown>,
  dentists: readonly unknown[],
  actor: StaffActor,
): Promise<Result<{ service: StaffServiceRow }>> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  const checked = await validated(input, dentists);
  if (!checked.ok) return checked;
  const { fields, dentistIds } = checked;
  const result = await withFreeSlug(fields.name, (slug) =>
    prisma.$transaction(async () => {
      const team = await performers(dentistIds);
      if (!team) return dentistGone();
      const service = await prisma.service.create({
        data: {
          ...fields,
          slug,
          status: "published",
          dentists: { create: dentistIds.map((dentistId) => ({ dentistId })) },
        },
      });
      await recordAudit({
        actor,
        action: "service.create",
        entityType: "Service",
        entityId: service.id,
        summary: `Added the service ${service.name}`,
        after: {
          ...Object.fromEntries(AUDITED.map((key) => [key, service[key]])),
          photo: service.photo,
          dentists: team.map((dentist) => dentist.name),
        },
      });
      return ok({ service: toRow(service) });
    }),
  );
  return result;
}

const AUDITED = [
  "name",
  "description",
  "priceCents",
  "category",
  "durationMinutes",
  "bufferMinutes",
  "minAgeYears",
  "maxAgeYears",
  "hidden",
  "photo",
] as const;

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/**
 * Saves an admin's edit of a service: validated first (nothing is written otherwise),
 * then the change, the dentists who perform it and its audit entry (the changed fields
 * before and after) in one transaction. The public reads follow the write (ADR 030), so the
 * catalogue, the service page and the booking picker show it at once.
 */
export async function updateService(
  id: string,
  input: Record<string, unknown>,
  dentists: readonly unknown[],
  actor: StaffActor,
): Promise<Result<{ service: StaffServiceRow; changed: boolean }>> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  const checked = await validated(input, dentists);
  if (!checked.ok) return checked;
  const { fields: next, dentistIds } = checked;

  return prisma.$transaction(async () => {
    const service =
      id.length <= 64
        ? await prisma.service.findUnique({
            where: { id },
            include: { dentists: { select: { dentist: { select: { id: true, name: true } } } } },
          })
        : null;
    if (!service) return fail(404, SERVICE_EDIT_MESSAGES.gone);
    const team = await performers(dentistIds);
    if (!team) return dentistGone();
    const was = service.dentists.map((link) => link.dentist);
    const teamChanged = !sameIds(
      was.map((dentist) => dentist.id),
      dentistIds,
    );
    const changedKeys = AUDITED.filter((key) => service[key] !== next[key]);
    if (changedKeys.length === 0 && !teamChanged) {
      return ok({ service: toRow(service), changed: false });
    }
    const updated = await prisma.service.update({ where: { id }, data: next });
    if (teamChanged) {
      await prisma.dentistService.deleteMany({ where: { serviceId: id } });
      await prisma.dentistService.createMany({
        data: dentistIds.map((dentistId) => ({ dentistId, serviceId: id })),
      });
    }
    const names = (list: { name: string }[]) => list.map((dentist) => dentist.name).sort();
    const labels = [...changedKeys, ...(teamChanged ? ["dentists"] : [])];
    await recordAudit({
      actor,
      action: "service.update",
      entityType: "Service",
      entityId: id,
      summary: `Changed the service ${updated.name}: ${labels.map((key) => auditFieldLabel(key).toLowerCase()).join(", ")}`,
      before: {
        ...Object.fromEntries(changedKeys.map((key) => [key, service[key]])),
        ...(teamChanged ? { dentists: names(was) } : {}),
      },
      after: {
        ...Object.fromEntries(changedKeys.map((key) => [key, updated[key]])),
        ...(teamChanged ? { dentists: names(team) } : {}),
      },
    });
    return ok({ service: toRow(updated), changed: true });
  });
}
