/**
 * The devices a user is signed in on, and signing one or all others out (ASVS 3.3.4; issue
 * 31 item 6): every session row with the browser and system its User-Agent names, when it
 * signed in and was last used, the address it signed in from, and which one is the device
 * asking. Ending a session deletes its row, so the next request with its cookie or token is
 * signed out (the session lookup follows every write: ADR 025).
 * docs/decisions/048-signed-in-devices.md
 */
import { LRUCache } from "lru-cache";
import { prisma } from "~/infra/db.server";
import { hashToken } from "~/infra/token-hash.server";
import { fail, invalid, ok, type Result } from "~/utils/result";
import { deviceName, type SignedInDevice } from "./devices";

export const SESSION_MESSAGES = {
  choose: "Please choose a device to sign out.",
  gone: "That device is already signed out.",
  ended: "That device is signed out.",
  endedHere: "You are signed out on this device.",
} as const;

export function endedOthersMessage(count: number): string {
  if (count === 0) return "You were signed in on no other device.";
  return `Signed out on ${count} other ${count === 1 ? "device" : "devices"}.`;
}

/** A user's sessions that have not expired, the device asking first, then the latest used. */
export async function signedInDevices(
  userId: string,
  currentToken: string | null,
  now: Date = new Date(),
): Promise<SignedInDevice[]> {
  const rows = await prisma.session.findMany({
    where: { userId, expiresAt: { gt: now } },
    select: {
      id: true,
      tokenHash: true,
      createdAt: true,
      lastSeenAt: true,
      userAgent: true,
      ipAddress: true,
    },
  });
  const current = currentToken ? hashToken(currentToken) : null;
  return rows
    .map((row) => ({
      id: row.id,
      ...deviceName(row.userAgent),
      signedInAt: row.createdAt.toISOString(),
      lastSeenAt: (row.lastSeenAt ?? row.createdAt).toISOString(),
      ipAddress: row.ipAddress,
      current: row.tokenHash === current,
    }))
    .sort(
      (a, b) =>
        Number(b.current) - Number(a.current) ||
        b.lastSeenAt.localeCompare(a.lastSeenAt) ||
        a.id.localeCompare(b.id),
    );
}

/**
 * Signs one of the user's devices out. Another user's session is answered as one that is
 * gone. `current` says whether it was the device asking (its cookie is then cleared).
 */
export async function endSession(
  userId: string,
  sessionId: unknown,
  currentToken: string | null,
): Promise<Result<{ message: string; current: boolean }>> {
  if (typeof sessionId !== "string" || !sessionId || sessionId.length > 64) {
    return invalid(SESSION_MESSAGES.choose);
  }
  const row = await prisma.session.findFirst({
    where: { id: sessionId, userId },
    select: { tokenHash: true },
  });
  if (!row) return fail(404, SESSION_MESSAGES.gone);
  const { count } = await prisma.session.deleteMany({ where: { id: sessionId, userId } });
  if (count === 0) return fail(404, SESSION_MESSAGES.gone);
  const current = currentToken !== null && row.tokenHash === hashToken(currentToken);
  return ok({ message: current ? SESSION_MESSAGES.endedHere : SESSION_MESSAGES.ended, current });
}

/** Signs every other device of the user out; the device asking stays signed in. */
export async function endOtherSessions(
  userId: string,
  currentToken: string | null,
): Promise<Result<{ message: string; count: number }>> {
  const { count } = await prisma.session.deleteMany({
    where: {
      userId,
      ...(currentToken ? { NOT: { tokenHash: hashToken(currentToken) } } : {}),
    },
  });
  return ok({ message: endedOthersMessage(count), count });
}

/**
 * How often a session's `lastSeenAt` is written: at most once in this many minutes per
 * session. Every write makes the kept session lookups be read again (ADR 025), so "last
 * seen" is kept to the quarter hour rather than to the request.
 */
export const SEEN_EVERY_MINUTES = 15;

/** When this process last wrote each session's `lastSeenAt`, by token hash. */
const seenWritten = new LRUCache<string, number>({ max: 10_000 });

/** A session that just signed in: its sign-in time stands for its last use. */
export function sessionStarted(token: string, now: number = Date.now()): void {
  seenWritten.set(hashToken(token), now);
}

/**
 * Records that a session was used now, when it was not recorded in the last
 * SEEN_EVERY_MINUTES by this process. A failure to record it is logged, never the page's.
 */
export async function sessionSeen(token: string, now: number = Date.now()): Promise<void> {
  const key = hashToken(token);
  const last = seenWritten.get(key);
  if (last !== undefined && now - last < SEEN_EVERY_MINUTES * 60_000) return;
  seenWritten.set(key, now);
  try {
    await prisma.session.updateMany({
      where: { tokenHash: key },
      data: { lastSeenAt: new Date(now) },
    });
  } catch (error) {
    seenWritten.delete(key);
    console.warn("Could not record when a session was last used", error);
  }
}
