/**
 * "Book another family member" (docs/decisions/049-families.md): after one booking, the
 * times next to it for the same service, asked of the booking core's free times (one home
 * of what is free): back to back with the same dentist (just before, just after), and at
 * the same time with another dentist.
 */
import type { User } from "@prisma/client";
import { ACTIVE_STATUSES } from "~/models/booking/appointment-status";
import { findBookableService } from "~/models/booking/choices.server";
import { dentistsFreeAt } from "~/models/booking/evaluate";
import { freeTimes } from "~/models/booking/free-times.server";
import { onlinePolicy } from "~/models/booking/policy";
import { toMinutes } from "~/models/booking/slot-engine";
import { prisma } from "~/infra/db.server";
import { fail, ok, type Result } from "~/utils/result";
import { familyMembers, patientsActedFor } from "./links.server";
import { FAMILY_TEXT } from "./rules";

export type NextToOffer = { date: string; time: string; dentistId: string; label: string };

export type NextTo = {
  visit: {
    id: string;
    date: string;
    time: string;
    service: { id: string; name: string };
    dentist: string;
    /** Whose visit it is: the account's own ("") or a family member's name. */
    forName: string;
  };
  /** Who else the account may book for: itself ("") and its family, the visit's patient left out. */
  others: { id: string; name: string }[];
  offers: NextToOffer[];
};

/**
 * The times next to visit `appointmentId` (one the account booked for itself or may book
 * for a family member) that the same service could take for someone else; another
 * account's visit is "not found".
 */
export async function timesNextTo(
  account: Pick<User, "id" | "name">,
  appointmentId: string,
  now: Date = new Date(),
): Promise<Result<NextTo>> {
  const patients = await patientsActedFor(account.id, "book");
  const visit = await prisma.appointment.findFirst({
    where: { id: appointmentId, userId: { in: patients }, status: { in: ACTIVE_STATUSES } },
    include: {
      service: { select: { id: true, name: true } },
      dentist: { select: { name: true } },
      user: { select: { name: true } },
    },
  });
  if (!visit || !appointmentId) return fail(404, FAMILY_TEXT.notFound);
  const members = (await familyMembers(account.id)).filter((member) => member.mayBook);
  const others = [
    ...(visit.userId === account.id ? [] : [{ id: "", name: account.name }]),
    ...members
      .filter((member) => member.id !== visit.userId)
      .map((member) => ({ id: member.id, name: member.name })),
  ];
  const service = await findBookableService(visit.serviceId);
  const found: NextTo = {
    visit: {
      id: visit.id,
      date: visit.date,
      time: visit.time,
      service: visit.service,
      dentist: visit.dentist.name,
      forName: visit.userId === account.id ? "" : (visit.user?.name ?? ""),
    },
    others,
    offers: [],
  };
  if (!service || others.length === 0) return ok(found);

  const policy = onlinePolicy(account.id);
  const { day, times } = await freeTimes({
    date: visit.date,
    serviceId: service.id,
    visit: service,
    policy,
    dentistId: visit.dentistId,
    now,
  });
  const grid = day.settings.gridMinutes;
  const start = toMinutes(visit.time);
  const end = start + (visit.endsAt.getTime() - visit.startsAt.getTime()) / 60_000;
  const freeAfter = end + visit.bufferMinutes;
  const length = service.durationMinutes + service.bufferMinutes;
  const after = times.find((time) => {
    const at = toMinutes(time);
    return at >= freeAfter && at < freeAfter + grid;
  });
  const before = [...times].reverse().find((time) => {
    const ends = toMinutes(time) + length;
    return ends <= start && ends > start - grid;
  });
  const sameDentist = (time: string, label: string): NextToOffer => ({
    date: visit.date,
    time,
    dentistId: visit.dentistId,
    label: `${label}, with ${visit.dentist.name}`,
  });
  const beside = dentistsFreeAt({ day, visit: service, time: visit.time, policy, now })
    .filter((id) => id !== visit.dentistId)
    .map((id) => ({
      date: visit.date,
      time: visit.time,
      dentistId: id,
      label: `At the same time, with ${day.dentists.find((dentist) => dentist.id === id)?.name ?? "another dentist"}`,
    }));
  found.offers = [
    ...(before ? [sameDentist(before, "Just before")] : []),
    ...(after ? [sameDentist(after, "Right after")] : []),
    ...beside,
  ];
  return ok(found);
}
