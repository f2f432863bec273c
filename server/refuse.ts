import type { Request, Response } from "express";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * Answers a request the server will not pass on to the app: `{ success: false, message }`
 * for the JSON API, a small readable page for everything else.
 */
export function refuse(
  req: Request,
  res: Response,
  status: number,
  message: string,
  headers: Record<string, string> = {},
) {
  res.status(status).set(headers);
  // The body may be unread: close the connection rather than read what we refused.
  if (status === 413 || status === 411) res.set("connection", "close");
  if (req.path.startsWith("/api/")) {
    res.json({ success: false, message });
    return;
  }
  const text = escapeHtml(message);
  res.type("html").send(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${text} | Dental Clinic</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; color: #0f172a">
<h1 style="font-size: 1.5rem">${text}</h1>
<p><a href="/">Back to the home page</a></p>
</body>
</html>`);
}
