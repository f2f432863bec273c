import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { broadcastDevReady, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type ErrorRequestHandler } from "express";
import { bodyLimit } from "./body-limit";
import { serverHooks, type BackgroundJobs, type ServerConfig, type ServerHooks } from "./config";
import { crossSiteGuard } from "./csrf";
import { pageFormsOnly } from "./form-bodies";
import { refuse } from "./refuse";
import { remixHandler } from "./remix";
import { requestEdge } from "./request-edge";
import { requestLog } from "./request-log";
import { createResponseCache } from "./response-cache";
import { cspNonce, securityHeaders } from "./security-headers";
import { gracefulShutdown } from "./shutdown";
import { staticFiles } from "./static-files";
import { keepFilesPrivate } from "../scripts/private-files.mjs";
import { logUnhandledRejections } from "./unhandled-rejections";
import { writeLimit } from "./write-limit";

// No NODE_ENV means production (app/infra/env.server.ts). Say so before the build brings
// in React and Remix, and before Express starts, so that they run as production too.
process.env.NODE_ENV ||= "production";
logUnhandledRejections();
keepFilesPrivate();
const BUILD_DIR = path.resolve(process.env.BUILD_DIR || "build");
const SERVER_BUILD = path.join(BUILD_DIR, "server", "index.js");

async function importBuild(): Promise<ServerBuild> {
  const stamp = fs.statSync(SERVER_BUILD).mtimeMs;
  return (await import(`${pathToFileURL(SERVER_BUILD).href}?t=${stamp}`)) as ServerBuild;
}

// Everything this server needs of the app comes from the build (`export const server` in
// app/entry.server.tsx): its settings, the cache generation, the write limit, the database.
let build: ServerBuild;
let hooks: ServerHooks;
let config: ServerConfig;
try {
  build = await importBuild();
  hooks = serverHooks(build);
  config = hooks.config();
} catch (error) {
  // A bad environment is an operator's mistake: one clear line, no stack trace.
  if (error instanceof Error && error.message.startsWith("Invalid environment")) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const MODE = config.mode;

const app = express();
app.disable("x-powered-by");
// Behind a proxy we control, its X-Forwarded-For names the client; otherwise it is ignored,
// so a forged header cannot change who a request is counted against.
app.set("trust proxy", config.TRUST_PROXY ? 1 : false);

function getLoadContext(req: express.Request, res: express.Response): AppLoadContext {
  return {
    clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
    cspNonce: cspNonce(res),
  };
}

let jobs: BackgroundJobs | undefined;
const server = app.listen(config.PORT, config.HOST, () => {
  try {
    jobs = hooks.startBackgroundJobs();
  } catch (error) {
    // Another server or a restore holds the database: one line for the operator. This runs
    // before any connection is read, so nothing was served.
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  console.info(`Dental clinic listening on http://localhost:${config.PORT} (${MODE})`);
  if (MODE === "development") void broadcastDevReady(build);
});

if (config.REQUEST_LOG) app.use(requestLog);
app.use(securityHeaders(config), requestEdge(config));
app.use(
  gracefulShutdown(server, async () => {
    await jobs?.stop();
    await hooks.closeDatabase();
  }),
);
// The health check is polled by the container and load balancers: it is answered here,
// after the edge checks and before compression, the static files and Remix, none of which
// it needs. It still asks the database each time.
app.get("/healthz", async (_req, res, next) => {
  try {
    const { httpStatus, report } = await hooks.health();
    res.status(httpStatus).set("cache-control", "no-store").json(report);
  } catch (error) {
    next(error);
  }
});
app.use(compression());
app.use(
  "/build",
  express.static(path.join(BUILD_DIR, "client", "build"), { immutable: true, maxAge: "1y" }),
);
app.use(staticFiles("public", { maxAge: "1h" }));

// Refusals are cheapest before the app reads anything; cross-site requests are refused
// before they can count against anyone's write allowance.
app.use(
  bodyLimit(config),
  crossSiteGuard(config),
  writeLimit(() => hooks),
  pageFormsOnly,
);

if (MODE === "development") {
  // `remix dev --manual` rebuilds into BUILD_DIR; pick up each new build and tell the
  // dev server it is live.
  fs.watch(path.dirname(SERVER_BUILD), { persistent: false }, async () => {
    try {
      build = await importBuild();
      hooks = serverHooks(build);
      await broadcastDevReady(build);
    } catch (error) {
      console.error("Reloading the build failed", error);
    }
  });
}
app.all(
  "*",
  remixHandler({
    getBuild: () => build,
    mode: MODE,
    getLoadContext,
    cacheGeneration: () => hooks.cacheGeneration(),
    cache: config.RESPONSE_CACHE_MB > 0 ? createResponseCache(config.RESPONSE_CACHE_MB) : null,
  }),
);

// Errors outside Remix (a malformed URL for the static files, an aborted body): the
// status they carry, or 500, never a stack trace in the response.
const errorHandler: ErrorRequestHandler = (error, req, res, next) => {
  if (res.headersSent) return next(error);
  const status = Number((error as { status?: unknown }).status);
  if (status >= 400 && status < 500) {
    return refuse(req, res, status, status === 400 ? "Bad request" : "Request refused");
  }
  console.error(error);
  refuse(req, res, 500, "Unexpected Application Error!");
};
app.use(errorHandler);
