import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { broadcastDevReady, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";

const MODE = process.env.NODE_ENV === "development" ? "development" : "production";
const BUILD_DIR = path.resolve(process.env.BUILD_DIR || "build");
const SERVER_BUILD = path.join(BUILD_DIR, "server", "index.js");
const PORT = Number(process.env.PORT || 3000);
const HOST = process.env.HOST || "0.0.0.0";

async function importBuild(): Promise<ServerBuild> {
  const stamp = fs.statSync(SERVER_BUILD).mtimeMs;
  return (await import(`${pathToFileURL(SERVER_BUILD).href}?t=${stamp}`)) as ServerBuild;
}

let build: ServerBuild;
try {
  build = await importBuild();
} catch (error) {
  // A bad environment is an operator's mistake: one clear line, no stack trace.
  if (error instanceof Error && error.message.startsWith("Invalid environment")) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const app = express();
app.disable("x-powered-by");
// Behind a proxy we control, its X-Forwarded-For names the client; otherwise it is ignored,
// so a forged header cannot change who a request is counted against.
app.set("trust proxy", process.env.TRUST_PROXY === "true" ? 1 : false);

function getLoadContext(req: express.Request): AppLoadContext {
  return { clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown" };
}
app.use(compression());
app.use(
  "/build",
  express.static(path.join(BUILD_DIR, "client", "build"), { immutable: true, maxAge: "1y" }),
);
app.use(express.static("public", { maxAge: "1h" }));

if (MODE === "development") {
  // `remix dev --manual` rebuilds into BUILD_DIR; pick up each new build and tell the
  // dev server it is live.
  fs.watch(path.dirname(SERVER_BUILD), { persistent: false }, async () => {
    try {
      build = await importBuild();
      await broadcastDevReady(build);
    } catch (error) {
      console.error("Reloading the build failed", error);
    }
  });
  app.all("*", (req, res, next) =>
    createRequestHandler({ build, mode: MODE, getLoadContext })(req, res, next),
  );
} else {
  app.all("*", createRequestHandler({ build, mode: MODE, getLoadContext }));
}

const server = app.listen(PORT, HOST, () => {
  console.info(`Dental clinic listening on http://localhost:${PORT} (${MODE})`);
  if (MODE === "development") void broadcastDevReady(build);
});

function shutdown(signal: string) {
  console.info(`${signal} received: finishing in-flight requests`);
  server.close(() => process.exit(0));
  // Keep-alive sockets would hold close() open; stop them after a grace period.
  setTimeout(() => process.exit(0), 10_000).unref();
  server.closeIdleConnections();
}
process.once("SIGTERM", () => shutdown("SIGTERM"));
process.once("SIGINT", () => shutdown("SIGINT"));
