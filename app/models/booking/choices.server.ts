/** What a booking request names: a bookable service and a dentist (or any). */
import { PUBLICLY_LISTED } from "~/models/services/catalog.server";
import { prisma } from "~/infra/db.server";
import { cachedRead } from "~/infra/read-cache.server";
import { fail, type Failure, invalid, ok, type Result } from "~/utils/result";
import { DENTIST_CHOICE_MESSAGE } from "~/validation/appointment";
import { performerIds } from "./availability.server";
import type { Settings } from "~/models/settings/clinic-settings.server";
import { ACTIVE_STATUSES } from "./appointment-status";
import {
  type AgeRange,
  CHOOSE_ANOTHER_DENTIST,
  notPerformingMessage,
  tooManyBookingsMessage,
} from "./rules";

export const UNKNOWN_DENTIST_MESSAGE = DENTIST_CHOICE_MESSAGE;

export type ServiceRow = {
  id: string;
  name: string;
  durationMinutes: number;
  bufferMinutes: number;
  /** The ages the service is for (the rule "patient-age"); absent: any age. */
  ages?: AgeRange;
};

/**
 * The choices below are read through the read cache: each booking and free-times request
 * names them, and only staff change them. What a request names but does not exist is read
 * every time, never kept.
 */
const found = <T>(value: T | null) => value !== null;

export async function findBookableService(id: string): Promise<ServiceRow | null> {
  return cachedRead(
    ["catalogue"],
    `bookable-service:${id}`,
    async () => {
      const row = await prisma.service.findFirst({
        where: { id, ...PUBLICLY_LISTED },
        select: {
          id: true,
          name: true,
          durationMinutes: true,
          bufferMinutes: true,
          minAgeYears: true,
          maxAgeYears: true,
        },
      });
      if (!row) return null;
      const { minAgeYears: min, maxAgeYears: max, ...service } = row;
      return min === null && max === null ? service : { ...service, ages: { min, max } };
    },
    { keep: found },
  );
}

/** "" or "any" is any dentist; otherwise an active dentist (id or slug) who performs the service. */
export async function resolveDentist(
  raw: string | null | undefined,
  service: ServiceRow,
): Promise<Result<{ dentistId: string | undefined }>> {
  const wanted = raw?.trim() ?? "";
  if (wanted === "" || wanted === "any") return ok({ dentistId: undefined });
  const dentist = await cachedRead(
    ["team"],
    `dentist-choice:${wanted}`,
    () =>
      prisma.dentist.findFirst({
        where: { OR: [{ id: wanted }, { slug: wanted }], active: true },
        select: { id: true, name: true },
      }),
    { keep: found },
  );
  if (!dentist) return invalid(UNKNOWN_DENTIST_MESSAGE);
  const performers = await cachedRead(["team"], `performers:${service.id}`, () =>
    performerIds(service.id),
  );
  if (performers && !performers.includes(dentist.id)) {
    return invalid(`${notPerformingMessage(dentist.name, service.name)} ${CHOOSE_ANOTHER_DENTIST}`);
  }
  return ok({ dentistId: dentist.id });
}

/**
 * The booking form asks the rule "patient-cap" as it opens (booking asks it through the
 * booking core): its refusal when the patient already holds the clinic's most upcoming
 * visits, else null.
 */
export async function visitCapRefusal(
  userId: string,
  settings: Pick<Settings, "maxUpcomingPerPatient">,
  now: Date = new Date(),
  /** The family member whose cap it is, when their guardian books. */
  who: string | null = null,
): Promise<Failure | null> {
  const upcoming = await prisma.appointment.count({
    where: { userId, status: { in: ACTIVE_STATUSES }, startsAt: { gt: now } },
  });
  return upcoming >= settings.maxUpcomingPerPatient
    ? fail(409, tooManyBookingsMessage(settings.maxUpcomingPerPatient, who))
    : null;
}
