/**
 * The admin's side of the team (/staff/dentists): adding a dentist, their profile, weekly
 * plan, date exceptions, the services they perform and their staff account. Each change
 * is one transaction with its audit entry (before and after); the read cache follows the
 * write by itself (ADR 030), so the team page and the booking picker change at once.
 */
import type { Prisma } from "@prisma/client";
import type { AuditActor } from "~/models/audit.server";
import { recordAudit } from "~/models/audit.server";
import { addDays, clinicNow } from "~/utils/clinic-time";
import { prisma } from "~/utils/db.server";
import {
  dayRowOf,
  describeDay,
  type DayRow,
  parseDayRow,
  parseWeekRows,
  WEEK_ORDER,
} from "~/utils/plan-text";
import { type Failure, isUniqueViolation, ok, type Result } from "~/utils/result";
import { checkbox } from "~/validation/fields";
import { validateFields } from "~/validation/form";
import {
  type DayPlan,
  dayPlanSchema,
  parseJsonColumn,
  type WeeklyPlan,
  weeklyPlanSchema,
  type Weekday,
} from "~/validation/schedule";
import {
  dentistAccountSchema,
  dentistExceptionSchema,
  dentistProfileSchema,
  newDentistSchema,
} from "~/validation/team";
import { ACTIVE_STATUSES, appointmentsNeedingAttention } from "./appointment.server";
import { linkAccountInTransaction } from "./dentist-account.server";
import { getClinicSettings } from "./clinic-settings.server";
import { limitStaffWrite } from "~/utils/rate-limit.server";

type StaffActor = Extract<AuditActor, { id: string }>;

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

function refusal(message: string, field: string | null = null, status = 400): Failure {
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
    include: { user: { select: { email: true } }, _count: { select: { services: true } } },
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

const readPlan = (dentist: { name: string; weeklyPlan: string }) =>
  parseJsonColumn(weeklyPlanSchema, dentist.weeklyPlan, `${dentist.name}'s plan`);
const readDay = (text: string) => parseJsonColumn(dayPlanSchema, text, "An exception");

/** The dentist's visits still to come: how many, and the day of the first. */
async function upcomingVisits(db: Pick<Prisma.TransactionClient, "appointment">, id: string) {
  const where = { dentistId: id, status: { in: ACTIVE_STATUSES }, startsAt: { gte: new Date() } };
  const [count, first] = await Promise.all([
    db.appointment.count({ where }),
    db.appointment.findFirst({ where, orderBy: { startsAt: "asc" }, select: { date: true } }),
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
      orderBy: [{ name: "asc" }, { id: "asc" }],
      select: { id: true, name: true, hidden: true, status: true },
    }),
    upcomingVisits(prisma, id),
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
    week: WEEK_ORDER.map((day) => ({ day, ...dayRowOf(plan[day]) })),
    exceptions: dentist.exceptions.map((exception) => ({
      id: exception.id,
      startDate: exception.startDate,
      endDate: exception.endDate,
      day: describeDay(readDay(exception.dayPlan)),
      note: exception.note,
      past: exception.endDate < today,
    })),
    services: services.map((service) => ({
      id: service.id,
      name: service.name,
      note: service.hidden ? "hidden" : service.status !== "published" ? "awaiting review" : null,
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
    const result = await prisma.$transaction(async (tx) => {
      const holder = await tx.dentist.findUnique({ where: { slug }, select: { name: true } });
      if (holder) return refusal(slugTakenMessage(slug, holder.name), "name", 409);
      const last = await tx.dentist.aggregate({ _max: { sortOrder: true } });
      const dentist = await tx.dentist.create({
        data: {
          slug,
          name,
          title,
          kind,
          active: false,
          sortOrder: (last._max.sortOrder ?? 0) + 1,
          weeklyPlan: JSON.stringify(NO_WORKING_DAYS),
        },
      });
      await recordAudit(tx, {
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
  const result = await prisma.$transaction(async (tx) => {
    const before = await tx.dentist.findUnique({ where: { id } });
    if (!before) return refusal(DENTIST_GONE_MESSAGE, null, 404);
    const deactivating = before.active && !profile.active;
    if (deactivating && !deactivateAnyway) {
      const upcoming = await upcomingVisits(tx, id);
      if (upcoming.count > 0) {
        return refusal(stillBookedMessage(before.name, upcoming.count), "active", 409);
      }
    }
    await tx.dentist.update({ where: { id }, data: profile });
    await recordAudit(tx, {
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

/** The form's week: `monday.off`, `monday.start`, `monday.end`, `monday.breaks`... */
function weekRowsOf(input: Record<string, unknown>): Record<Weekday, DayRow> {
  const value = (name: string) => {
    const entry = input[name];
    return typeof entry === "string" ? entry : "";
  };
  return Object.fromEntries(
    WEEK_ORDER.map((day) => [
      day,
      {
        off: checkbox.parse(input[`${day}.off`]),
        start: value(`${day}.start`),
        end: value(`${day}.end`),
        breaks: value(`${day}.breaks`),
      },
    ]),
  ) as Record<Weekday, DayRow>;
}

/**
 * The dentist's weekly plan. Says how many upcoming visits need attention afterwards
 * (outside the new plan), so the admin can move them.
 */
export async function updateWeeklyPlan(
  actor: StaffActor,
  id: string,
  input: Record<string, unknown>,
): Promise<Result<{ name: string; attention: AttentionCount }>> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  const parsed = parseWeekRows(weekRowsOf(input));
  if (!parsed.ok) return parsed;
  const result = await prisma.$transaction(async (tx) => {
    const before = await tx.dentist.findUnique({
      where: { id },
      select: { name: true, weeklyPlan: true },
    });
    if (!before) return refusal(DENTIST_GONE_MESSAGE, null, 404);
    await tx.dentist.update({ where: { id }, data: { weeklyPlan: JSON.stringify(parsed.plan) } });
    await recordAudit(tx, {
      actor,
      action: "dentist.plan",
      entityType: "Dentist",
      entityId: id,
      summary: `Changed the weekly plan of ${before.name}`,
      before: readPlan(before),
      after: parsed.plan,
    });
    return ok({ name: before.name });
  });
  if (!result.ok) return result;
  return ok({ name: result.name, attention: await visitsNeedingAttention(id) });
}

/** The longest exception one form adds (a sabbatical is two). */
export const MAX_EXCEPTION_DAYS = 366;

export const exceptionOverlapMessage = (start: string, end: string) =>
  `It overlaps the exception from ${start} to ${end}: remove that one first, or choose other days.`;

/** A day off or different hours for a date range (both ends included). */
export async function addDentistException(
  actor: StaffActor,
  id: string,
  input: Record<string, unknown>,
): Promise<Result<{ name: string; attention: AttentionCount }>> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  const checked = validateFields(dentistExceptionSchema, input);
  if (!checked.ok) return checked;
  const { startDate, kind, note } = checked.data;
  const endDate = checked.data.endDate || startDate;
  if (endDate < startDate) {
    return refusal("The last day must not be before the first day.", "endDate");
  }
  if (addDays(startDate, MAX_EXCEPTION_DAYS - 1) < endDate) {
    return refusal(`An exception covers at most ${MAX_EXCEPTION_DAYS} days.`, "endDate");
  }
  let dayPlan: DayPlan = null;
  if (kind === "hours") {
    const row = {
      off: false,
      start: typeof input.start === "string" ? input.start : "",
      end: typeof input.end === "string" ? input.end : "",
      breaks: typeof input.breaks === "string" ? input.breaks : "",
    };
    const parsed = parseDayRow(row, "Different hours");
    if (!parsed.ok) return parsed;
    dayPlan = parsed.plan;
  }
  const settings = await getClinicSettings();
  const today = clinicNow(new Date(), settings.timeZone).date;
  if (endDate < today) return refusal("Those days have already passed.", "endDate");
  const result = await prisma.$transaction(async (tx) => {
    const dentist = await tx.dentist.findUnique({ where: { id }, select: { name: true } });
    if (!dentist) return refusal(DENTIST_GONE_MESSAGE, null, 404);
    const overlap = await tx.dentistException.findFirst({
      where: { dentistId: id, startDate: { lte: endDate }, endDate: { gte: startDate } },
      orderBy: { startDate: "asc" },
    });
    if (overlap) {
      return refusal(exceptionOverlapMessage(overlap.startDate, overlap.endDate), "startDate", 409);
    }
    const created = await tx.dentistException.create({
      data: { dentistId: id, startDate, endDate, dayPlan: JSON.stringify(dayPlan), note },
    });
    await recordAudit(tx, {
      actor,
      action: "dentist.exception.add",
      entityType: "Dentist",
      entityId: id,
      summary: `Added an exception for ${dentist.name}: ${startDate} to ${endDate}, ${describeDay(dayPlan)}`,
      after: { exceptionId: created.id, startDate, endDate, dayPlan, note },
    });
    return ok({ name: dentist.name });
  });
  if (!result.ok) return result;
  return ok({ name: result.name, attention: await visitsNeedingAttention(id) });
}

export const EXCEPTION_GONE_MESSAGE = "That exception no longer exists.";

/** Removes one exception: the weekly plan applies on its days again. */
export async function removeDentistException(
  actor: StaffActor,
  id: string,
  exceptionId: unknown,
): Promise<Result<{ name: string }>> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  if (typeof exceptionId !== "string" || exceptionId.length === 0 || exceptionId.length > 64) {
    return refusal(EXCEPTION_GONE_MESSAGE, null, 404);
  }
  return prisma.$transaction(async (tx) => {
    const exception = await tx.dentistException.findFirst({
      where: { id: exceptionId, dentistId: id },
      include: { dentist: { select: { name: true } } },
    });
    if (!exception) return refusal(EXCEPTION_GONE_MESSAGE, null, 404);
    await tx.dentistException.delete({ where: { id: exception.id } });
    const dayPlan = readDay(exception.dayPlan);
    await recordAudit(tx, {
      actor,
      action: "dentist.exception.remove",
      entityType: "Dentist",
      entityId: id,
      summary: `Removed the exception of ${exception.dentist.name}: ${exception.startDate} to ${exception.endDate}`,
      before: {
        exceptionId: exception.id,
        startDate: exception.startDate,
        endDate: exception.endDate,
        dayPlan,
        note: exception.note,
      },
    });
    return ok({ name: exception.dentist.name });
  });
}

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
  return prisma.$transaction(async (tx) => {
    const dentist = await tx.dentist.findUnique({
      where: { id },
      select: {
        name: true,
        services: { select: { service: { select: { id: true, name: true } } } },
      },
    });
    if (!dentist) return refusal(DENTIST_GONE_MESSAGE, null, 404);
    const found = await tx.service.findMany({
      where: { id: { in: wanted } },
      select: { id: true, name: true },
      orderBy: { name: "asc" },
    });
    if (found.length !== wanted.length) return refusal(SERVICE_GONE_MESSAGE, "service");
    await tx.dentistService.deleteMany({ where: { dentistId: id } });
    if (wanted.length > 0) {
      await tx.dentistService.createMany({
        data: wanted.map((serviceId) => ({ dentistId: id, serviceId })),
      });
    }
    await recordAudit(tx, {
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
  return prisma.$transaction(async (tx) => {
    const dentist = await tx.dentist.findUnique({
      where: { id },
      select: { id: true, name: true, slug: true, userId: true },
    });
    if (!dentist) return refusal(DENTIST_GONE_MESSAGE, null, 404);
    const user = await tx.user.findUnique({
      where: { email },
      select: { id: true, email: true, role: true },
    });
    if (!user) return refusal(noDentistAccountMessage(email), "email", 404);
    if (user.role !== "dentist") {
      return refusal(notDentistRoleMessage(email, user.role, dentist.slug), "email", 409);
    }
    const linked = await linkAccountInTransaction(tx, actor, dentist, user);
    if (!linked.ok) return linked;
    return ok({ name: dentist.name, email: user.email });
  });
}

/** Ends the link between the dentist and their staff account (the account keeps its role). */
export async function unlinkDentistAccount(
  actor: StaffActor,
  id: string,
): Promise<Result<{ name: string; email: string | null }>> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  return prisma.$transaction(async (tx) => {
    const dentist = await tx.dentist.findUnique({
      where: { id },
      select: { name: true, user: { select: { email: true } } },
    });
    if (!dentist) return refusal(DENTIST_GONE_MESSAGE, null, 404);
    if (!dentist.user) return ok({ name: dentist.name, email: null });
    await tx.dentist.update({ where: { id }, data: { userId: null } });
    await recordAudit(tx, {
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
}
