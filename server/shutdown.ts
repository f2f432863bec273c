import type { Server } from "node:http";
import type { RequestHandler } from "express";

const GRACE_MS = 10_000;

/**
 * SIGTERM/SIGINT: stop accepting connections, let in-flight requests finish (their
 * responses ask the client to close the connection), close the database, exit.
 * Requests still running after the grace period are cut off.
 */
export function gracefulShutdown(server: Server, onClosed: () => Promise<void>) {
  let shuttingDown = false;
  const markClosing: RequestHandler = (_req, res, next) => {
    if (shuttingDown) res.setHeader("connection", "close");
    next();
  };

  function shutdown(signal: NodeJS.Signals) {
    if (shuttingDown) return;
    shuttingDown = true;
    console.info(
      JSON.stringify({
        time: new Date().toISOString(),
        level: "info",
        msg: `${signal}: finishing in-flight requests`,
      }),
    );
    server.close(() => {
      void onClosed().finally(() => process.exit(0));
    });
    // Keep-alive connections with no request in flight would hold close() open.
    server.closeIdleConnections();
    const idleSweep = setInterval(() => server.closeIdleConnections(), 250);
    idleSweep.unref();
    setTimeout(() => {
      console.error(
        JSON.stringify({
          time: new Date().toISOString(),
          level: "error",
          msg: "Shutdown grace period over: exiting with requests still open",
        }),
      );
      process.exit(1);
    }, GRACE_MS).unref();
  }
  process.once("SIGTERM", shutdown);
  process.once("SIGINT", shutdown);
  return markClosing;
}
