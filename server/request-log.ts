import type { RequestHandler } from "express";

// Opaque tokens (session, password reset) are long base64url strings; record ids are not.
const TOKEN_LIKE = /^[A-Za-z0-9_-]{32,}$/;

/**
 * The path as it may be logged: no query string (it can carry e-mail addresses or reset
 * tokens) and any token-like path segment replaced.
 */
export function loggablePath(url: string): string {
  const path = url.split("?", 1)[0] ?? "/";
  return path
    .split("/")
    .map((segment) => (TOKEN_LIKE.test(segment) ? ":redacted" : segment))
    .join("/");
}

/** One structured line per request, written once the response is done (or abandoned). */
export const requestLog: RequestHandler = (req, res, next) => {
  const start = process.hrtime.bigint();
  let written = false;
  const write = () => {
    if (written) return;
    written = true;
    const line = {
      time: new Date().toISOString(),
      level: res.statusCode >= 500 ? "error" : "info",
      msg: "request",
      method: req.method,
      path: loggablePath(req.originalUrl),
      status: res.statusCode,
      durationMs: Math.round(Number(process.hrtime.bigint() - start) / 10_000) / 100,
      ip: req.ip,
      ...(res.writableFinished ? {} : { aborted: true }),
    };
    process.stdout.write(`${JSON.stringify(line)}\n`);
  };
  res.once("finish", write);
  res.once("close", write);
  next();
};
