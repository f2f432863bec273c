import type { ServerBuild } from "@remix-run/node";

/**
 * The settings of the HTTP layer. The app validates them with its one env schema
 * (app/utils/env.server.ts) and hands them over through the build: server/ never imports
 * app/ (an ESLint rule keeps it so).
 */
export type ServerConfig = {
  /** "development" only when NODE_ENV says so; anything else runs as production. */
  mode: "development" | "production";
  PORT: number;
  HOST: string;
  /** Public origin of the site. */
  APP_URL: string;
  TRUST_PROXY: boolean;
  GOOGLE_CLIENT_ID: string | undefined;
  BODY_LIMIT_BYTES: number;
  RATE_LIMIT_WRITES_PER_MINUTE: number;
  RATE_LIMIT_SIGNIN_PER_MINUTE: number;
  REQUEST_LOG: boolean;
};

/** Work the app does beside answering requests (scheduled backups...), until stopped. */
export type BackgroundJobs = { stop(): Promise<void> };

/** What the app's build offers this server: `export const server` in app/entry.server.tsx. */
export type ServerHooks = {
  /** The validated settings; throws `Invalid environment: ...` when they are not valid. */
  config(): ServerConfig;
  /** Moves on every write the read cache must not outlive (see read-route-cache.ts). */
  readCacheGeneration(): number;
  /** Closes the database once the last request is done (graceful shutdown). */
  closeDatabase(): Promise<void>;
  /**
   * Claims the database and starts the background jobs, once the server listens; throws
   * (with a message for the operator) when another server or a restore holds the database.
   */
  startBackgroundJobs(): BackgroundJobs;
};

/** The hooks a build exports, or an error that says the build is not this app's. */
export function serverHooks(build: ServerBuild): ServerHooks {
  const hooks = (build.entry.module as { server?: Partial<ServerHooks> }).server;
  if (
    typeof hooks?.config !== "function" ||
    typeof hooks.readCacheGeneration !== "function" ||
    typeof hooks.closeDatabase !== "function" ||
    typeof hooks.startBackgroundJobs !== "function"
  ) {
    throw new Error("The build's entry.server exports no `server` hooks: rebuild the app");
  }
  return hooks as ServerHooks;
}
