import type { ServerBuild } from "@remix-run/node";

/**
 * The settings of the HTTP layer. The app validates them with its one env schema
 * (app/infra/env.server.ts) and hands them over through the build: server/ never imports
 * app/ (an ESLint rule keeps it so).
 */
export type ServerConfig = {
  /** "development" only when NODE_ENV says so; anything else runs as production. */
  mode: "development" | "production";
  PORT: number;
  HOST: string;
  /** Public address of the site (a default on localhost when APP_URL is not set). */
  APP_URL: string;
  /** The origin of APP_URL when it is set: writes addressed to another host are refused. */
  PUBLIC_ORIGIN: string | null;
  TRUST_PROXY: boolean;
  GOOGLE_CLIENT_ID: string | undefined;
  BODY_LIMIT_BYTES: number;
  REQUEST_LOG: boolean;
  /** Memory the response cache may hold, in MB; 0 keeps nothing. */
  RESPONSE_CACHE_MB: number;
};

/** Work the app does beside answering requests (scheduled backups...), until stopped. */
export type BackgroundJobs = { stop(): Promise<void> };

/** A request the app refuses: the status, the message for the visitor, and Retry-After. */
export type Refusal = { status: number; message: string; retryAfter?: number };

/** What the app's build offers this server: `export const server` in app/entry.server.tsx. */
export type ServerHooks = {
  /** The validated settings; throws `Invalid environment: ...` when they are not valid. */
  config(): ServerConfig;
  /**
   * The generation of what public answers show, read from the database: it moves with
   * every write to those tables, by this process or another, and the response cache
   * (response-cache.ts) serves nothing it kept under another. Null: keep nothing.
   */
  cacheGeneration(): Promise<string | null>;
  /** Counts a write (POST, PUT, PATCH, DELETE) of the client at this address; its refusal when over the limit. */
  limitWrite(clientAddress: string): Promise<Refusal | null>;
  /** Closes the database once the last request is done (graceful shutdown). */
  closeDatabase(): Promise<void>;
  /**
   * Claims the database and starts the background jobs, once the server listens; throws
   * (with a message for the operator) when another server or a restore holds the database.
   */
  startBackgroundJobs(): BackgroundJobs;
  /**
   * The health report /healthz answers with (HTTP status and JSON body): the database is
   * asked, cheaply, on every call.
   */
  health(): Promise<{ httpStatus: number; report: unknown }>;
};

const HOOKS = [
  "config",
  "cacheGeneration",
  "limitWrite",
  "closeDatabase",
  "startBackgroundJobs",
  "health",
] as const;

/** The hooks a build exports, or an error that says the build is not this app's. */
export function serverHooks(build: ServerBuild): ServerHooks {
  const hooks = (build.entry.module as { server?: Partial<ServerHooks> }).server;
  if (!hooks || HOOKS.some((name) => typeof hooks[name] !== "function")) {
    throw new Error("The build's entry.server exports no `server` hooks: rebuild the app");
  }
  return hooks as ServerHooks;
}
