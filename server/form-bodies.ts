import type { RequestHandler } from "express";
import { refuse } from "./refuse";

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The pages' actions read `request.formData()`, which throws on any other body (JSON,
 * text, a broken multipart boundary) and would turn a stray request into a 500. Pages
 * post forms, url-encoded (Remix's default, and no form here uploads files), so every
 * other body is refused up front. The JSON API under /api reads its own bodies.
 */
export const pageFormsOnly: RequestHandler = (req, res, next) => {
  if (!WRITE_METHODS.has(req.method) || req.path.startsWith("/api/")) return next();
  const type = req.headers["content-type"]?.split(";", 1)[0]?.trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded") return next();
  refuse(req, res, 415, "Forms must be sent as application/x-www-form-urlencoded");
};
