/**
 * What a dentist is linked to (/staff/dentists/:id): the services they perform and their
 * staff account. Each change is one transaction with its audit entry; the read cache follows
 * the write by itself (ADR 030), so the team page and the booking picker change at once.
 */
import { recordAudit } from "~/models/audit/trail.server";
import { prisma } from "~/infra/db.server";
import { limitStaffWrite } from "~/infra/rate-limit.server";
import { ok, type Result } from "~/utils/result";
import { validateFields } from "~/validation/form";
import { dentistAccountSchema } from "~/validation/team";
import { linkAccountInTransaction } from "./dentist-account.server";
import {
  DENTIST_GONE_MESSAGE,
  NOT_REJECTED,
  refusal,
  type StaffActor,
} from "./dentist-admin.server";

export const SERVICE_GONE_MESSAGE =
  "One of the chosen services no longer exists. Please reload the page and choose again.";

/**
 * The services the dentist performs, replacing the old list. An empty list is allowed:
 * the dentist then appears in no booking picker (except for services nobody performs yet).
 */
export async function setDentistServices(
  actor: StaffActor,
  id: string,
  serviceIds: readonly unknown[],
): Promise<Result<{ name: string; count: number }>> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  const ids = [...new Set(serviceIds)];
  if (ids.length > 500 || !ids.every((entry) => typeof entry === "string" && entry.length <= 64)) {
    return refusal(SERVICE_GONE_MESSAGE, "service");
  }
  const wanted = ids as string[];
  const result = await prisma.$transaction(async () => {
    const dentist = await prisma.dentist.findUnique({
      where: { id },
      select: {
        name: true,
        services: { select: { service: { select: { id: true, name: true } } } },
      },
    });
    if (!dentist) return refusal(DENTIST_GONE_MESSAGE, null, 404);
    const found = await prisma.service.findMany({
      where: { id: { in: wanted }, ...NOT_REJECTED },
      select: { id: true, name: true },
      orderBy: { name: "asc" },
    });
    if (found.length !== wanted.length) return refusal(SERVICE_GONE_MESSAGE, "service");
    await prisma.dentistService.deleteMany({ where: { dentistId: id } });
    if (wanted.length > 0) {
      await prisma.dentistService.createMany({
        data: wanted.map((serviceId) => ({ dentistId: id, serviceId })),
      });
    }
    await recordAudit({
      actor,
      action: "dentist.services",
      entityType: "Dentist",
      entityId: id,
      summary: `Changed the services ${dentist.name} performs (${found.length})`,
      before: { services: dentist.services.map((link) => link.service.name).sort() },
      after: { services: found.map((service) => service.name) },
    });
    return ok({ name: dentist.name, count: found.length });
  });
  return result;
}

export const noDentistAccountMessage = (email: string) =>
  `No account uses ${email}: the dentist registers (or signs in with Google) first.`;
export const notDentistRoleMessage = (email: string, role: string, slug: string) =>
  `${email} has the role ${role}, not dentist. Give it the role first: npm run staff -- grant dentist ${email} --dentist ${slug}`;

/** The admin page's link: an existing account with the dentist role, by e-mail. */
export async function linkDentistAccount(
  actor: StaffActor,
  id: string,
  input: Record<string, unknown>,
): Promise<Result<{ name: string; email: string }>> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  const checked = validateFields(dentistAccountSchema, input);
  if (!checked.ok) return checked;
  const { email } = checked.data;
  const result = await prisma.$transaction(async () => {
    const dentist = await prisma.dentist.findUnique({
      where: { id },
      select: { id: true, name: true, slug: true, userId: true },
    });
    if (!dentist) return refusal(DENTIST_GONE_MESSAGE, null, 404);
    const user = await prisma.user.findUnique({
      where: { email },
      select: { id: true, email: true, role: true },
    });
    if (!user) return refusal(noDentistAccountMessage(email), "email", 404);
    if (user.role !== "dentist") {
      return refusal(notDentistRoleMessage(email, user.role, dentist.slug), "email", 409);
    }
    const linked = await linkAccountInTransaction(prisma, actor, dentist, user);
    if (!linked.ok) return linked;
    return ok({ name: dentist.name, email: user.email });
  });
  return result;
}

/** Ends the link between the dentist and their staff account (the account keeps its role). */
export async function unlinkDentistAccount(
  actor: StaffActor,
  id: string,
): Promise<Result<{ name: string; email: string | null }>> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  const result = await prisma.$transaction(async () => {
    const dentist = await prisma.dentist.findUnique({
      where: { id },
      select: { name: true, user: { select: { email: true } } },
    });
    if (!dentist) return refusal(DENTIST_GONE_MESSAGE, null, 404);
    if (!dentist.user) return ok({ name: dentist.name, email: null });
    await prisma.dentist.update({ where: { id }, data: { userId: null } });
    await recordAudit({
      actor,
      action: "dentist.account.unlink",
      entityType: "Dentist",
      entityId: id,
      summary: `Unlinked ${dentist.user.email} from ${dentist.name}`,
      before: { account: dentist.user.email },
      after: { account: null },
    });
    return ok({ name: dentist.name, email: dentist.user.email });
  });
  return result;
}
