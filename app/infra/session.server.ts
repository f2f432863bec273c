import { randomBytes } from "node:crypto";
import { createCookieSessionStorage } from "@remix-run/node";
import type { PrismaClient, User } from "@prisma/client";
import { prisma } from "~/infra/db.server";
import { hashToken } from "~/infra/token-hash.server";
import { cachedRead } from "~/infra/read-cache.server";
import { cookieOptions, sessionCookieName } from "~/infra/cookie.server";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const TOKEN_KEY = "token";

type AuthSessionData = { token: string };
let storage: ReturnType<typeof createCookieSessionStorage<AuthSessionData>> | undefined;
export function authSessionStorage() {
  storage ??= createCookieSessionStorage<AuthSessionData>({
    cookie: { name: sessionCookieName(), ...cookieOptions({ maxAge: SESSION_TTL_MS / 1000 }) },
  });
  return storage;
}

/** Where a session signs in from: the browser's User-Agent and the client's address. */
export type SignInDevice = { userAgent?: string | null; ipAddress?: string | null };

/**
 * Starts a session row for the user and returns the opaque token that names it. `db` is
 * the app's own client; the test harnesses pass one for a server's database file.
 */
export async function createSession(
  userId: string,
  db: Pick<PrismaClient, "session"> = prisma,
  device: SignInDevice = {},
) {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.session.create({
    data: {
      tokenHash: hashToken(token),
      userId,
      expiresAt,
      userAgent: (device.userAgent ?? "").slice(0, 300),
      ipAddress: (device.ipAddress ?? "").slice(0, 64),
    },
  });
  // Expired rows are only ever deleted, never read; sweeping them at sign-in keeps the table small.
  await db.session.deleteMany({ where: { expiresAt: { lt: new Date() } } });
  return { token, expiresAt };
}

/**
 * The user a token belongs to, or null when it is unknown or expired. Found sessions are
 * kept in the data cache under the accounts' generation, which any write to a session or
 * an account moves, from any process (a sign-out, a password or role change, the staff
 * command): a revoked session is refused at the very next request (ADR 046).
 */
export async function getUserByToken(token: string | null | undefined): Promise<User | null> {
  if (!token) return null;
  const tokenHash = hashToken(token);
  const session = await cachedRead(
    ["accounts"],
    `session:${tokenHash}`,
    () => prisma.session.findUnique({ where: { tokenHash }, include: { user: true } }),
    { keep: (found) => found !== null },
  );
  if (!session) return null;
  if (session.expiresAt.getTime() <= Date.now()) {
    await prisma.session.deleteMany({ where: { id: session.id } });
    return null;
  }
  // A copy: a caller may not change what the next request is given.
  return { ...session.user };
}

export async function deleteSessionByToken(token: string | null | undefined) {
  if (!token) return;
  await prisma.session.deleteMany({ where: { tokenHash: hashToken(token) } });
}

/** The token from the browser's session cookie. */
export async function getCookieToken(request: Request): Promise<string | null> {
  const session = await authSessionStorage().getSession(request.headers.get("cookie"));
  const token = session.get(TOKEN_KEY);
  return typeof token === "string" ? token : null;
}

/** The token from an `Authorization` header, raw or as `Bearer <token>`. */
export function getHeaderToken(request: Request): string | null {
  const header = request.headers.get("authorization")?.trim();
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  const token = (match ? match[1] : header)?.trim();
  return token || null;
}

/** Set-Cookie that signs the browser in with the given token. */
export async function commitTokenCookie(request: Request, token: string, expiresAt: Date) {
  const session = await authSessionStorage().getSession(request.headers.get("cookie"));
  session.set(TOKEN_KEY, token);
  return authSessionStorage().commitSession(session, { expires: expiresAt });
}

/** Set-Cookie that signs the browser out. */
export async function destroyTokenCookie(request: Request) {
  const session = await authSessionStorage().getSession(request.headers.get("cookie"));
  return authSessionStorage().destroySession(session);
}
