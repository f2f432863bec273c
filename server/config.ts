import { z } from "zod";

const flag = z.enum(["true", "false"]).transform((value) => value === "true");

/**
 * Knobs of the HTTP layer. The app validates its own variables (app/utils/env.server.ts);
 * these only shape what Express does in front of it, so they live with the server.
 */
const serverEnvSchema = z.object({
  NODE_ENV: z.string().default("production"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  APP_URL: z.url().optional(),
  TRUST_PROXY: flag.default(false),
  GOOGLE_CLIENT_ID: z.string().optional(),
  /** Largest request body accepted, in bytes; larger ones get 413. */
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(100 * 1024),
  /** Writes (POST, PUT, PATCH, DELETE) one client may send per minute. */
  RATE_LIMIT_WRITES_PER_MINUTE: z.coerce.number().int().positive().default(60),
  /** Sign-in, registration and reset attempts one client may send per minute. */
  RATE_LIMIT_SIGNIN_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /** One JSON line per request on stdout. */
  REQUEST_LOG: flag.default(true),
});

export type ServerConfig = z.infer<typeof serverEnvSchema> & {
  mode: "development" | "production";
};

export function readServerConfig(source: Record<string, string | undefined>): ServerConfig {
  const result = serverEnvSchema.safeParse(source);
  if (!result.success) {
    const first = result.error.issues[0];
    const name = first?.path.join(".") || "environment";
    throw new Error(`Invalid environment: ${name}: ${first?.message ?? "invalid value"}`);
  }
  return {
    ...result.data,
    mode: result.data.NODE_ENV === "development" ? "development" : "production",
  };
}
