import { readdirSync } from "node:fs";
import type { RequestHandler } from "express";
import express from "express";

/**
 * Serves the files in `folder` under their own names. Only requests whose first path
 * segment names something in the folder reach express.static, so the pages and the API
 * cost no file-system lookup each (the folder is read once, at start).
 */
export function staticFiles(folder: string, options: Parameters<typeof express.static>[1]) {
  const names = new Set(readdirSync(folder));
  const serve = express.static(folder, options);
  const handler: RequestHandler = (req, res, next) => {
    const first = req.path.split("/", 2)[1] ?? "";
    if (names.has(first)) return serve(req, res, next);
    next();
  };
  return handler;
}
