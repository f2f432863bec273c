import path from "node:path";
import { z } from "zod";
import type { ServerConfig } from "../../server/config";
import { demoAccountsEnabled } from "~/data/demo-accounts";
import { parseBackupInterval } from "~/infra/backup-rules";
import { isPostgresUrl } from "../../scripts/postgres-url.mjs";

const DEV_SESSION_SECRET = "dev-only-session-secret-change-me";

const flag = z.enum(["true", "false"]).transform((value) => value === "true");
const limit = z.coerce.number().int().positive();

/**
 * The database and its backups: the part of the environment `npm run db:backup` and
 * `db:restore` read (scripts/db.mjs), which must work without the server's secrets.
 */
const databaseShape = {
  /** `file:` is SQLite (the default), `postgresql://` PostgreSQL (docs/decisions/051-postgresql.md). */
  DATABASE_URL: z.string().min(1).default("file:./data/clinic.db"),
  /**
   * PostgreSQL: the connections one instance may hold at most; instances times this must
   * stay under the server's max_connections (docs/operations/postgresql.md).
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(10),
  /**
   * How long a write waits for another process's write lock on the database file before
   * the visitor gets the "busy, try again" answer (SQLite's busy timeout).
   */
  DATABASE_BUSY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
  /** Where backups go; unset or empty: a `backups` folder beside the database file. */
  BACKUP_DIR: z.string().optional(),
  BACKUP_INTERVAL: z
    .string()
    .default("1h")
    .transform((text, ctx) => {
      const interval = parseBackupInterval(text);
      if ("error" in interval) {
        ctx.addIssue({ code: "custom", message: interval.error });
        return z.NEVER;
      }
      return interval;
    }),
  /** Retention: the newest backup of each of this many last hours... */
  BACKUP_KEEP_HOURLY: z.coerce.number().int().min(0).default(24),
  /** ...and of each of this many last days. */
  BACKUP_KEEP_DAILY: z.coerce.number().int().min(0).default(30),
};

/** Where mail goes: an SMTP server, else .eml files in a folder (development). */
const mailDeliveryShape = {
  SMTP_URL: z.string().optional(),
  OUTBOX_DIR: z.string().default("data/outbox"),
};

/**
 * Where texts go (docs/decisions/052-text-messages.md): Twilio's REST API (or a
 * Twilio-compatible gateway at TWILIO_API_BASE), files in a folder, or nowhere. Unset:
 * files outside production, none in production.
 */
const smsDeliveryShape = {
  SMS_PROVIDER: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.enum(["twilio", "file", "none"]).optional(),
  ),
  SMS_DIR: z.string().default("data/sms"),
  TWILIO_API_BASE: z.url().default("https://api.twilio.com"),
  TWILIO_ACCOUNT_SID: z.string().default(""),
  TWILIO_AUTH_TOKEN: z.string().default(""),
  /** The clinic's number texts come from (E.164), or a Messaging Service SID (MG...). */
  TWILIO_FROM: z.string().default(""),
};

/** The SQLite file a `file:` DATABASE_URL names (as Prisma and better-sqlite3 read it). */
export function databaseFile(url: string): string {
  return url.replace(/^file:/, "").split("?")[0]!;
}

function withBackupDir<T extends { DATABASE_URL: string; BACKUP_DIR?: string | undefined }>(
  env: T,
): T & { BACKUP_DIR: string } {
  // On PostgreSQL the app takes no backups (docs/operations/postgresql.md); the folder is unused.
  const beside = isPostgresUrl(env.DATABASE_URL)
    ? "data"
    : path.dirname(databaseFile(env.DATABASE_URL));
  const BACKUP_DIR = env.BACKUP_DIR || path.join(beside, "backups");
  return { ...env, BACKUP_DIR };
}

/**
 * Every variable the app and its Express server read (documented in .env.example), checked
 * once at start-up. NODE_ENV unset means production: a server started by hand gets
 * production's headers and cookies, and so must bring its own SESSION_SECRET; only an
 * explicit development or test run falls back to the published development secret.
 */
const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    /** Address the server binds (0.0.0.0 in a container). */
    HOST: z.string().min(1).default("0.0.0.0"),
    ...databaseShape,
    /** Signs the cookies; several, comma-separated and newest first, while rotating. */
    SESSION_SECRET: z.string().optional(),
    APP_URL: z.url().optional(),
    ...mailDeliveryShape,
    ...smsDeliveryShape,
    MAIL_FROM: z.string().default("Dental Clinic <no-reply@dental-clinic.local>"),
    /** How often the mail outbox worker looks for due messages (it is also woken on enqueue). */
    OUTBOX_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
    /** How often the reminder sweep looks for visits whose reminders are due. */
    REMINDER_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /** How often the recall sweep looks for invitations due (only in opening hours). */
    RECALL_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
    /** Delivery attempts before a message is marked failed (staff can retry it). */
    OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
    /**
     * How long a claimed message stays reserved for the worker that claimed it; after a
     * crash it is sent again once this has passed. Longer than the SMTP timeouts (2 min).
     */
    OUTBOX_LOCK_SECONDS: z.coerce.number().int().min(1).default(180),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    GOOGLE_CALLBACK_URL: z.string().optional(),
    TRUST_PROXY: flag.default(false),
    /** Largest request body accepted, in bytes; larger ones get 413. */
    BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(100 * 1024),
    // The buckets of app/infra/rate-limit.server.ts, one setting each.
    /** Writes (POST, PUT, PATCH, DELETE) one client may send per minute. */
    RATE_LIMIT_WRITES_PER_MINUTE: limit.default(60),
    /** Sign-in, registration and reset attempts one client may make per minute. */
    RATE_LIMIT_SIGNIN_PER_MINUTE: limit.default(10),
    /** Failed logins one account may take in 15 minutes from one client address. */
    RATE_LIMIT_ACCOUNT_FAILURES_PER_15_MINUTES: limit.default(10),
    /**
     * Password checks one account may take in 15 minutes from all addresses together
     * (devices that signed in to it before are not counted against it).
     */
    RATE_LIMIT_ACCOUNT_CHECKS_PER_15_MINUTES: limit.default(100),
    /** Accounts one client may create per hour. */
    RATE_LIMIT_REGISTRATIONS_PER_HOUR: limit.default(5),
    /** Changes one staff member may make per minute (status, moves, bookings, settings...). */
    RATE_LIMIT_STAFF_WRITES_PER_MINUTE: limit.default(120),
    /**
     * Distinct patients whose contact details or messages one staff member may read per hour
     * (docs/decisions/043-need-to-know-for-staff.md).
     */
    RATE_LIMIT_PATIENT_READS_PER_HOUR: limit.default(400),
    /**
     * Memory the data cache may hold (catalogue, team, settings, sessions; ADR 046), and the
     * response cache (public pages and JSON as an anonymous visitor gets them), in MB; 0
     * turns one off.
     */
    DATA_CACHE_MB: z.coerce.number().min(0).max(1024).default(16),
    RESPONSE_CACHE_MB: z.coerce.number().min(0).max(1024).default(16),
    /** One JSON line per request on stdout. */
    REQUEST_LOG: flag.default(true),
    /**
     * Whether the demo accounts (published passwords) may exist and sign in. Unset: only
     * in development or test without a SESSION_SECRET (app/data/demo-accounts.ts).
     */
    /** Empty is unset (.env.example lists it so): `demoAccountsEnabled` decides then. */
    DEMO_ACCOUNTS: z.preprocess((value) => (value === "" ? undefined : value), flag.optional()),
  })
  .transform(({ SESSION_SECRET, ...env }, ctx) => {
    const secrets = (SESSION_SECRET ?? "")
      .split(",")
      .map((secret) => secret.trim())
      .filter(Boolean);
    if (env.NODE_ENV === "production" && secrets.length === 0) {
      ctx.addIssue({
        code: "custom",
        message: "SESSION_SECRET is required in production",
        path: ["SESSION_SECRET"],
      });
      return z.NEVER;
    }
    if (env.SMS_PROVIDER === "twilio") {
      for (const name of ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"] as const) {
        if (!env[name]) {
          ctx.addIssue({
            code: "custom",
            message: "required when SMS_PROVIDER=twilio",
            path: [name],
          });
          return z.NEVER;
        }
      }
    }
    return {
      ...withBackupDir(env),
      DEMO_ACCOUNTS: demoAccountsEnabled({ ...env, SESSION_SECRET }),
      /** Newest first: cookies are signed with the first and read with any of them. */
      SESSION_SECRETS: secrets.length > 0 ? secrets : [DEV_SESSION_SECRET],
      APP_URL: env.APP_URL ?? `http://localhost:${env.PORT}`,
      /** The origin APP_URL names when it is set: writes must be addressed to it. */
      PUBLIC_ORIGIN: env.APP_URL ? new URL(env.APP_URL).origin : null,
    };
  });

export type Env = z.infer<typeof envSchema>;

function parseWith<Schema extends z.ZodType>(
  schema: Schema,
  source: Record<string, string | undefined>,
): z.output<Schema> {
  const result = schema.safeParse(source);
  if (!result.success) {
    const first = result.error.issues[0];
    const name = first?.path.join(".") || "environment";
    throw new Error(`Invalid environment: ${name}: ${first?.message ?? "invalid value"}`);
  }
  return result.data;
}

/** The validated environment, or an `Invalid environment: NAME: why` error (one line). */
export function parseEnv(source: Record<string, string | undefined>): Env {
  return parseWith(envSchema, source);
}

const databaseSchema = z.object(databaseShape).transform(withBackupDir);

export type DatabaseEnv = z.infer<typeof databaseSchema>;

/** The database and backup settings alone, validated by the same rules as in `parseEnv`. */
export function parseDatabaseEnv(
  source: Record<string, string | undefined> = process.env,
): DatabaseEnv {
  return parseWith(databaseSchema, source);
}

const mailDeliverySchema = z.object(mailDeliveryShape);

/**
 * Where mail goes, read afresh at each send by the same rules as in `parseEnv`, so a test
 * can point a running process at its own SMTP server.
 */
export function mailDelivery(
  source: Record<string, string | undefined> = process.env,
): z.infer<typeof mailDeliverySchema> {
  return parseWith(mailDeliverySchema, source);
}

const smsDeliverySchema = z
  .object({ NODE_ENV: z.string().optional(), ...smsDeliveryShape })
  .superRefine((env, ctx) => {
    if (env.SMS_PROVIDER !== "twilio") return;
    for (const name of ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"] as const) {
      if (!env[name])
        ctx.addIssue({
          code: "custom",
          message: "required when SMS_PROVIDER=twilio",
          path: [name],
        });
    }
  })
  .transform(({ NODE_ENV, SMS_PROVIDER, ...env }) => ({
    ...env,
    SMS_PROVIDER: SMS_PROVIDER ?? (NODE_ENV === "production" || !NODE_ENV ? "none" : "file"),
  }));

export type SmsDelivery = z.infer<typeof smsDeliverySchema>;

/**
 * Where texts go, read afresh at each send by the same rules as in `parseEnv` (a test
 * points a running process at its own stand-in for Twilio).
 */
export function smsDelivery(source: Record<string, string | undefined> = process.env): SmsDelivery {
  return parseWith(smsDeliverySchema, source);
}

let cached: Env | undefined;

/** The validated environment, read once. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** What the Express server (server/) needs of the environment: its typed view. */
export function serverConfig(env: Env = getEnv()): ServerConfig {
  return {
    mode: env.NODE_ENV === "development" ? "development" : "production",
    PORT: env.PORT,
    HOST: env.HOST,
    APP_URL: env.APP_URL,
    PUBLIC_ORIGIN: env.PUBLIC_ORIGIN,
    TRUST_PROXY: env.TRUST_PROXY,
    GOOGLE_CLIENT_ID: env.GOOGLE_CLIENT_ID,
    BODY_LIMIT_BYTES: env.BODY_LIMIT_BYTES,
    REQUEST_LOG: env.REQUEST_LOG,
    RESPONSE_CACHE_MB: env.RESPONSE_CACHE_MB,
  };
}
