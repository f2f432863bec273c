import { Prisma } from "@prisma/client";
import { recordAudit } from "~/models/audit/trail.server";
import { prisma } from "~/infra/db.server";
import { datePlusDays } from "~/infra/sql-dialect.server";
import { limitStaffWrite } from "~/infra/rate-limit.server";
import { fail, invalid, isUniqueViolation, ok, type Result } from "~/utils/result";
import type { StaffRole } from "~/models/roles";
import { parseRecallSettings, parseRecallType, RECALL_MESSAGES } from "~/validation/recall";
import { getClinicSettings } from "~/models/settings/clinic-settings.server";

/**
 * The admin's side of recall (docs/decisions/035-recall.md): the recall types and their
 * default intervals, which service sets which type when completed, and the invitations'
 * cadence and daily cap. Every change is one transaction with its audit entry.
 */

type Actor = { id: string; role: StaffRole };

export async function listRecallTypes() {
  const [types, services, settings] = await Promise.all([
    prisma.recallType.findMany({
      orderBy: [{ sortOrder: "asc" }, { name: "asc" }],
      include: { _count: { select: { recalls: true } } },
    }),
    prisma.service.findMany({
      where: { status: "published" },
      select: { id: true, name: true, recallTypeId: true },
      orderBy: { name: "asc" },
    }),
    getClinicSettings(),
  ]);
  return {
    types: types.map(({ _count, ...type }) => ({ ...type, recalls: _count.recalls })),
    services,
    cadence: settings.recallCadenceDays,
    dailyCap: settings.recallDailyCap,
  };
}

/** The recall list's filters: dentists and the recall types. */
export async function recallFilterChoices() {
  const [dentists, types] = await Promise.all([
    prisma.dentist.findMany({
      where: { active: true },
      select: { id: true, name: true },
      orderBy: [{ sortOrder: "asc" }, { name: "asc" }],
    }),
    prisma.recallType.findMany({
      select: { id: true, name: true },
      orderBy: [{ sortOrder: "asc" }, { name: "asc" }],
    }),
  ]);
  return { dentists, types };
}

const nameTaken = () => ({ ...invalid(RECALL_MESSAGES.typeNameTaken), field: "name" });

/** Adds a type (`typeId` empty) or changes one: name, interval, active. */
export async function saveRecallType(
  form: Record<string, unknown>,
  actor: Actor,
): Promise<Result<{ message: string }>> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  const parsed = parseRecallType(form);
  if (!parsed.ok) return parsed;
  const { ok: _ok, ...fields } = parsed;
  const typeId = typeof form.typeId === "string" ? form.typeId.trim() : "";
  try {
    return await prisma.$transaction(async () => {
      // Names are unique ignoring case ("Hygiene" and "hygiene" would read as one).
      const others = await prisma.recallType.findMany({ select: { id: true, name: true } });
      if (
        others.some((t) => t.id !== typeId && t.name.toLowerCase() === fields.name.toLowerCase())
      ) {
        return nameTaken();
      }
      if (!typeId) {
        const count = await prisma.recallType.count();
        const created = await prisma.recallType.create({
          data: { ...fields, sortOrder: count + 1 },
        });
        await recordAudit({
          actor,
          action: "recall_type.create",
          entityType: "RecallType",
          entityId: created.id,
          summary: `Added the recall type ${created.name} (every ${created.intervalMonths} months)`,
          after: fields,
        });
        return ok({ message: `${created.name} is added.` });
      }
      const before = await prisma.recallType.findUnique({ where: { id: typeId } });
      if (!before) return fail(404, RECALL_MESSAGES.unknownType);
      const after = await prisma.recallType.update({ where: { id: typeId }, data: fields });
      await recordAudit({
        actor,
        action: "recall_type.change",
        entityType: "RecallType",
        entityId: typeId,
        summary: `Changed the recall type ${after.name}`,
        before: { name: before.name, intervalMonths: before.intervalMonths, active: before.active },
        after: fields,
      });
      return ok({ message: `${after.name} is saved.` });
    });
  } catch (error) {
    if (isUniqueViolation(error)) return nameTaken();
    throw error;
  }
}

/** Sets the recall type a service's completed visits set (empty: none). */
export async function setServiceRecallType(
  form: Record<string, unknown>,
  actor: Actor,
): Promise<Result<{ message: string }>> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  const serviceId = typeof form.serviceId === "string" ? form.serviceId : "";
  const typeId = typeof form.recallTypeId === "string" ? form.recallTypeId : "";
  return prisma.$transaction(async () => {
    const service = await prisma.service.findUnique({
      where: { id: serviceId },
      select: { id: true, name: true, recallTypeId: true },
    });
    if (!service) return { ...fail(404, RECALL_MESSAGES.unknownService), field: "serviceId" };
    const type = typeId ? await prisma.recallType.findUnique({ where: { id: typeId } }) : null;
    if (typeId && !type)
      return { ...fail(404, RECALL_MESSAGES.unknownType), field: "recallTypeId" };
    await prisma.service.update({
      where: { id: service.id },
      data: { recallTypeId: type?.id ?? null },
    });
    await recordAudit({
      actor,
      action: "service.recall_type",
      entityType: "Service",
      entityId: service.id,
      summary: `${service.name}: ${type ? `sets the ${type.name} recall` : "sets no recall"}`,
      before: { recallTypeId: service.recallTypeId },
      after: { recallTypeId: type?.id ?? null },
    });
    return ok({
      message: type
        ? `A completed ${service.name} now sets the ${type.name} recall.`
        : `A completed ${service.name} now sets no recall.`,
    });
  });
}

/**
 * The invitations' cadence and daily cap. A new cadence applies to the steps not yet sent:
 * each waiting recall's next invitation day is worked out again, in the database, in the
 * same transaction.
 */
export async function saveRecallSettings(
  form: Record<string, unknown>,
  actor: Actor,
): Promise<Result<{ message: string }>> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  const parsed = parseRecallSettings(form);
  if (!parsed.ok) return parsed;
  const before = await getClinicSettings();
  const cadenceChanged =
    JSON.stringify(before.recallCadenceDays) !== JSON.stringify(parsed.recallCadenceDays);
  if (!cadenceChanged && before.recallDailyCap === parsed.recallDailyCap) {
    return ok({ message: "Nothing changed." });
  }
  await prisma.$transaction(async () => {
    await prisma.clinicSettings.update({
      where: { id: 1 },
      data: {
        recallCadenceDays: JSON.stringify(parsed.recallCadenceDays),
        recallDailyCap: parsed.recallDailyCap,
      },
    });
    if (cadenceChanged) {
      const steps = parsed.recallCadenceDays;
      // Step k's day is the due date plus the cadence's k-th offset; past the last, none.
      const cases = Prisma.join(
        steps.map(
          (days, index) =>
            Prisma.sql`WHEN ${index} THEN ${datePlusDays(Prisma.sql`"dueDate"`, days)}`,
        ),
        " ",
      );
      await prisma.$executeRaw`UPDATE "PatientRecall" SET "nextInvitationOn" = CASE "invitationsSent" ${cases} ELSE NULL END
         WHERE "userId" NOT IN (SELECT "userId" FROM "RecallOptOut")
           AND ("nextInvitationOn" IS NOT NULL OR "invitationsSent" < ${steps.length})`;
    }
    await recordAudit({
      actor,
      action: "settings.recall",
      entityType: "ClinicSettings",
      entityId: "1",
      summary: "Changed the recall invitations' cadence and daily limit",
      before: { cadence: before.recallCadenceDays, dailyCap: before.recallDailyCap },
      after: { cadence: parsed.recallCadenceDays, dailyCap: parsed.recallDailyCap },
    });
  });
  return ok({ message: "The invitation settings are saved." });
}
