import { z } from "zod";

const DEV_SESSION_SECRET = "dev-only-session-secret-change-me";

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    DATABASE_URL: z.string().min(1).default("file:./data/clinic.db"),
    SESSION_SECRET: z.string().optional(),
    APP_URL: z.url().optional(),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default("Dental Clinic <no-reply@dental-clinic.local>"),
    OUTBOX_DIR: z.string().default("data/outbox"),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    GOOGLE_CALLBACK_URL: z.string().optional(),
    TRUST_PROXY: z.enum(["true", "false"]).default("false"),
  })
  .transform((env, ctx) => {
    if (env.NODE_ENV === "production" && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: "custom",
        message: "SESSION_SECRET is required in production",
        path: ["SESSION_SECRET"],
      });
      return z.NEVER;
    }
    return {
      ...env,
      SESSION_SECRET: env.SESSION_SECRET || DEV_SESSION_SECRET,
      APP_URL: env.APP_URL ?? `http://localhost:${env.PORT}`,
      TRUST_PROXY: env.TRUST_PROXY === "true",
    };
  });

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const first = result.error.issues[0];
    const name = first?.path.join(".") || "environment";
    throw new Error(`Invalid environment: ${name}: ${first?.message ?? "invalid value"}`);
  }
  return result.data;
}

let cached: Env | undefined;

/** The validated environment, read once. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
