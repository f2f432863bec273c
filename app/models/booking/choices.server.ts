/** What a booking request names: a bookable service and a dentist (or any). */
import { PUBLICLY_LISTED } from "~/models/service.server";
import { prisma } from "~/infra/db.server";
import { invalid, ok, type Result } from "~/utils/result";
import { DENTIST_CHOICE_MESSAGE } from "~/validation/appointment";
import { performerIds } from "../availability.server";
import { CHOOSE_ANOTHER_DENTIST, notPerformingMessage } from "./rules";

export const UNKNOWN_DENTIST_MESSAGE = DENTIST_CHOICE_MESSAGE;

export type ServiceRow = {
  id: string;
  name: string;
  durationMinutes: number;
  bufferMinutes: number;
};

export async function findBookableService(id: string): Promise<ServiceRow | null> {
  return prisma.service.findFirst({
    where: { id, ...PUBLICLY_LISTED },
    select: { id: true, name: true, durationMinutes: true, bufferMinutes: true },
  });
}

/** "" or "any" is any dentist; otherwise an active dentist (id or slug) who performs the service. */
export async function resolveDentist(
  raw: string | null | undefined,
  service: ServiceRow,
): Promise<Result<{ dentistId: string | undefined }>> {
  const wanted = raw?.trim() ?? "";
  if (wanted === "" || wanted === "any") return ok({ dentistId: undefined });
  const dentist = await prisma.dentist.findFirst({
    where: { OR: [{ id: wanted }, { slug: wanted }], active: true },
    select: { id: true, name: true },
  });
  if (!dentist) return invalid(UNKNOWN_DENTIST_MESSAGE);
  const performers = await performerIds(service.id);
  if (performers && !performers.includes(dentist.id)) {
    return invalid(`${notPerformingMessage(dentist.name, service.name)} ${CHOOSE_ANOTHER_DENTIST}`);
  }
  return ok({ dentistId: dentist.id });
}
