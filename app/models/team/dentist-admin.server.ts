/**
 * The admin's side of the team (/staff/dentists): the team and a dentist's page as the
 * admin reads them, adding a dentist and their profile, and the pieces the other team
 * modules share (their plan and exceptions: ./dentist-schedule.server; their services and
 * staff account: ./dentist-links.server). Each change is one transaction with its audit
 * entry (before and after); the read cache follows the write by itself (ADR 030), so the
 * team page and the booking picker change at once.
 */
import type { Prisma } from "@prisma/client";
import { recordAudit } from "~/models/audit/trail.server";
import type { AuditActor } from "~/models/audit/entry.server";
import { addDays, clinicNow } from "~/utils/clinic-time";
import { prisma } from "~/infra/db.server";
import { formatDayPlan } from "~/utils/clinic-format";
import { WEEK_ORDER } from "~/models/settings/plan-text";
import { type Failure, isUniqueViolation, ok, type Result } from "~/utils/result";
import { limitStaffWrite } from "~/infra/rate-limit.server";
import { validateFields } from "~/validation/form";
import {
  dayPlanSchema,
  parseJsonColumn,
  type WeeklyPlan,
  weeklyPlanSchema,
} from "~/validation/schedule";
import { dentistProfileSchema, MAX_PLACE, newDentistSchema } from "~/validation/team";
import { ACTIVE_STATUSES } from "~/models/booking/appointment-status";
import { appointmentsNeedingAttention } from "~/models/booking/attention.server";
import { clockOf, getClinicSettings } from "~/models/settings/clinic-settings.server";

export type StaffActor = Extract<AuditActor, { id: string }>;

export const DENTIST_GONE_MESSAGE = "There is no such dentist.";

/** A week with no working day: a new dentist offers no time until their plan is set. */
const NO_WORKING_DAYS: WeeklyPlan = {
  monday: null,
  tuesday: null,
  wednesday: null,
  thursday: null,
  friday: null,
  saturday: null,
  sunday: null,
};

export function refusal(message: string, field: string | null = null, status = 400): Failure {
  return { ok: false, status, message, field };
}

/** "Dr. Ana Silva" -> "dr-ana-silva": the dentist's address on the team page. */
export function dentistSlug(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 60)
    .replace(/^-+|-+$/g, "");
  return slug || "dentist";
}

export const slugTakenMessage = (slug: string, holder: string) =>
  `The team page already has ${holder} at the address "${slug}". Please tell the two apart in the name (a middle initial, for example).`;

// ---------------------------------------------------------------------------- reading

export type AdminDentistRow = {
  id: string;
  slug: string;
  name: string;
  title: string;
  kind: string;
  active: boolean;
  account: string | null;
  servicesCount: number;
};

/** The whole team, active or not, in the team page's order. */
export async function listDentistsForAdmin(): Promise<AdminDentistRow[]> {
  const rows = await prisma.dentist.findMany({
    orderBy: [{ sortOrder: "asc" }, { name: "asc" }, { id: "asc" }],
    include: {
      user: { select: { email: true } },
      _count: { select: { services: { where: { service: NOT_REJECTED } } } },
    },
  });
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    title: row.title,
    kind: row.kind,
    active: row.active,
    account: row.user?.email ?? null,
    servicesCount: row._count.services,
  }));
}

/**
 * A service a moderator rejected is not the clinic's: the team's pages neither offer nor
 * count it (docs/decisions/023-service-approval.md).
 */
export const NOT_REJECTED = { status: { not: "rejected" } } satisfies Prisma.ServiceWhereInput;

export const readPlan = (dentist: { name: string; weeklyPlan: string }) =>
  parseJsonColumn(weeklyPlanSchema, dentist.weeklyPlan, `${dentist.name}'s plan`);
export const readDay = (text: string) => parseJsonColumn(dayPlanSchema, text, "An exception");

/** The dentist's visits still to come: how many, and the day of the first. */
async function upcomingVisits(id: string) {
  const where = { dentistId: id, status: { in: ACTIVE_STATUSES }, startsAt: { gte: new Date() } };
  const [count, first] = await Promise.all([
    prisma.appointment.count({ where }),
    prisma.appointment.findFirst({ where, orderBy: { startsAt: "asc" }, select: { date: true } }),
  ]);
  return { count, firstDate: first?.date ?? null };
}

/** Everything the dentist's admin page shows. Null when there is no such dentist. */
export async function dentistForAdmin(id: string) {
  const dentist = await prisma.dentist.findUnique({
    where: { id },
    include: {
      user: { select: { email: true, name: true } },
      services: { select: { serviceId: true } },
      exceptions: { orderBy: [{ startDate: "asc" }, { id: "asc" }] },
    },
  });
  if (!dentist) return null;
  const settings = await getClinicSettings();
  const today = clinicNow(new Date(), settings.timeZone).date;
  const [services, upcoming] = await Promise.all([
    prisma.service.findMany({
      where: NOT_REJECTED,
      orderBy: [{ name: "asc" }, { id: "asc" }],
      select: { id: true, name: true, hidden: true, status: true },
    }),
    upcomingVisits(id),
  ]);
  const plan = readPlan(dentist);
  const performed = new Set(dentist.services.map((link) => link.serviceId));
  return {
    dentist: {
      id: dentist.id,
      slug: dentist.slug,
      name: dentist.name,
      title: dentist.title,
      kind: dentist.kind,
      photo: dentist.photo,
      bio: dentist.bio,
      sortOrder: dentist.sortOrder,
      active: dentist.active,
    },
    week: WEEK_ORDER.map((day) => ({ day, plan: plan[day] })),
    exceptions: dentist.exceptions.map((exception) => ({
      id: exception.id,
      startDate: exception.startDate,
      endDate: exception.endDate,
      day: formatDayPlan(readDay(exception.dayPlan), clockOf(settings)),
      note: exception.note,
      past: exception.endDate < today,
    })),
    services: services.map((service) => ({
      id: service.id,
      name: service.name,
      note: service.hidden
        ? "hidden"
        : service.status === "awaiting_review"
          ? "awaiting review"
          : null,
      performed: performed.has(service.id),
    })),
    account: dentist.user,
    upcoming,
    today,
  };
}

/**
 * The dentist's upcoming visits that the diary lists under "Needs attention" (outside
 * their plan or an exception, a closure, or they no longer see patients): how many, and
 * the first one's day, for a link to the diary.
 */
export async function visitsNeedingAttention(dentistId: string) {
  const settings = await getClinicSettings();
  const today = clinicNow(new Date(), settings.timeZone).date;
  const found = await appointmentsNeedingAttention({
    from: today,
    // Beyond the booking horizon too: the horizon may have been shortened since.
    to: addDays(today, Math.max(settings.horizonDays, 366)),
    dentistId,
  });
  return { count: found.length, firstDate: found[0]?.appointment.date ?? null };
}

export type AttentionCount = Awaited<ReturnType<typeof visitsNeedingAttention>>;

// ---------------------------------------------------------------------------- writing

/**
 * Adds a team member. They start inactive and with no working day: the team page and
 * the booking picker show them once the admin has set their plan and ticked Active. The
 * slug (their address on the team page) comes from the name and never changes.
 */
export async function createDentist(
  actor: StaffActor,
  input: Record<string, unknown>,
): Promise<Result<{ dentist: { id: string; name: string } }>> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  const checked = validateFields(newDentistSchema, input);
  if (!checked.ok) return checked;
  const { name, title, kind } = checked.data;
  const slug = dentistSlug(name);
  try {
    const result = await prisma.$transaction(async () => {
      const holder = await prisma.dentist.findUnique({ where: { slug }, select: { name: true } });
      if (holder) return refusal(slugTakenMessage(slug, holder.name), "name", 409);
      const last = await prisma.dentist.aggregate({ _max: { sortOrder: true } });
      const dentist = await prisma.dentist.create({
        data: {
          slug,
          name,
          title,
          kind,
          active: false,
          // After the others, within the places the profile form accepts.
          sortOrder: Math.min((last._max.sortOrder ?? 0) + 1, MAX_PLACE),
          weeklyPlan: JSON.stringify(NO_WORKING_DAYS),
        },
      });
      await recordAudit({
        actor,
        action: "dentist.create",
        entityType: "Dentist",
        entityId: dentist.id,
        summary: `Added ${name} (${kind}) to the team`,
        after: { slug, name, title, kind, active: false },
      });
      return ok({ dentist: { id: dentist.id, name: dentist.name } });
    });
    return result;
  } catch (error) {
    // Two admins adding the same name at once: the unique slug refuses the second.
    if (isUniqueViolation(error)) return refusal(slugTakenMessage(slug, name), "name", 409);
    throw error;
  }
}

export const stillBookedMessage = (name: string, count: number) =>
  `${name} has ${count} upcoming ${count === 1 ? "visit" : "visits"}. Move or cancel ${count === 1 ? "it" : "them"} in the diary first, or tick "Deactivate anyway; the visits will need attention".`;

/**
 * Name, title, kind, photo, introduction, order and whether they see patients. Taking a
 * dentist with upcoming visits off the team is refused unless the admin says to go on
 * (the visits then show under the diary's "Needs attention").
 */
export async function updateDentistProfile(
  actor: StaffActor,
  id: string,
  input: Record<string, unknown>,
): Promise<Result<{ name: string; attention: AttentionCount | null }>> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  const checked = validateFields(dentistProfileSchema, input);
  if (!checked.ok) return checked;
  const { deactivateAnyway, ...profile } = checked.data;
  const result = await prisma.$transaction(async () => {
    const before = await prisma.dentist.findUnique({ where: { id } });
    if (!before) return refusal(DENTIST_GONE_MESSAGE, null, 404);
    const deactivating = before.active && !profile.active;
    if (deactivating && !deactivateAnyway) {
      const upcoming = await upcomingVisits(id);
      if (upcoming.count > 0) {
        return refusal(stillBookedMessage(before.name, upcoming.count), "active", 409);
      }
    }
    await prisma.dentist.update({ where: { id }, data: profile });
    await recordAudit({
      actor,
      action: "dentist.profile",
      entityType: "Dentist",
      entityId: id,
      summary: `Changed the profile of ${profile.name}`,
      before: {
        name: before.name,
        title: before.title,
        kind: before.kind,
        photo: before.photo,
        bio: before.bio,
        sortOrder: before.sortOrder,
        active: before.active,
      },
      after: profile,
    });
    return ok({ name: profile.name, deactivated: deactivating });
  });
  if (!result.ok) return result;
  return ok({
    name: result.name,
    attention: result.deactivated ? await visitsNeedingAttention(id) : null,
  });
}
