import type { PrismaClient } from "@prisma/client";
import { linkTokenOf } from "~/models/self-service/appointment-link.server";

/**
 * An appointment's one-click link token, stored through `db`: the client a test holds on a
 * server's own database (tests/support/production-server.ts), which the app's `prisma`
 * does not reach.
 */
export async function storedLinkToken(
  db: PrismaClient,
  appointment: { id: string; linkNonce: string | null; linkTokenHash: string | null },
): Promise<string> {
  const { token, store } = linkTokenOf(appointment);
  if (store) await db.appointment.update({ where: { id: appointment.id }, data: store });
  return token;
}
