import type { RequestHandler } from "express";
import type { ServerConfig } from "./config";
import { refuse } from "./refuse";

/**
 * Refuses bodies over the limit before anything reads them. Only bodies with a declared
 * Content-Length are accepted (browsers and HTTP clients send it for forms and JSON);
 * Node's parser then guarantees the body is no longer than declared.
 */
export function bodyLimit(config: ServerConfig): RequestHandler {
  return (req, res, next) => {
    const declared = req.headers["content-length"];
    if (declared === undefined) {
      if (req.headers["transfer-encoding"]) {
        return refuse(req, res, 411, "A request body needs a Content-Length header");
      }
      return next();
    }
    if (Number(declared) > config.BODY_LIMIT_BYTES) {
      return refuse(
        req,
        res,
        413,
        `Request body too large: the limit is ${Math.floor(config.BODY_LIMIT_BYTES / 1024)} KB`,
      );
    }
    next();
  };
}
