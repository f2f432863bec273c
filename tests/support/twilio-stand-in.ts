import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";

/**
 * A local stand-in for Twilio's REST API (docs/decisions/052-text-messages.md): answers
 * `POST /2010-04-01/Accounts/{sid}/Messages.json` as Twilio does (201 with JSON `sid` and
 * `status`, or Twilio's error shape when told to refuse) and records every text it got.
 * The app reaches it through TWILIO_API_BASE, so nothing in the app knows it is a test.
 */

export type ReceivedText = {
  sid: string;
  to: string;
  from: string;
  body: string;
  statusCallback: string | null;
  accountSid: string;
  authorization: string | undefined;
};

export type TwilioStandIn = {
  url: string;
  texts: ReceivedText[];
  /** The next `count` sends are answered with this status and Twilio error code. */
  refuseNext(count: number, status: number, code: number, message: string): void;
  /** Answers each text `ms` after it arrived, as a provider far away does (0: at once). */
  answerAfter(ms: number): void;
  /** Resolves once `count` texts arrived in all. */
  waitForCount(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
};

export async function startTwilioStandIn(
  port = 0,
  onText?: (text: ReceivedText) => void,
): Promise<TwilioStandIn> {
  const texts: ReceivedText[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  let refusals: { count: number; status: number; code: number; message: string } | null = null;
  let latencyMs = 0;
  const server: Server = createServer((req, res) => {
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(req.url ?? "");
    if (req.method !== "POST" || !match) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ code: 20404, message: "The requested resource was not found" }));
      return;
    }
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (raw += chunk));
    req.on("end", () => {
      const form = new URLSearchParams(raw);
      if (refusals && refusals.count > 0) {
        refusals.count -= 1;
        res.writeHead(refusals.status, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            code: refusals.code,
            message: refusals.message,
            status: refusals.status,
          }),
        );
        return;
      }
      const sid = `SM${randomBytes(16).toString("hex")}`;
      texts.push({
        sid,
        to: form.get("To") ?? "",
        from: form.get("From") ?? form.get("MessagingServiceSid") ?? "",
        body: form.get("Body") ?? "",
        statusCallback: form.get("StatusCallback"),
        accountSid: decodeURIComponent(match[1]!),
        authorization: req.headers.authorization,
      });
      onText?.(texts[texts.length - 1]!);
      for (const waiter of waiters.filter((w) => texts.length >= w.count)) waiter.resolve();
      const answer = () => {
        res.writeHead(201, { "content-type": "application/json" });
        res.end(
          JSON.stringify({ sid, status: "queued", to: form.get("To"), body: form.get("Body") }),
        );
      };
      if (latencyMs > 0) setTimeout(answer, latencyMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    texts,
    answerAfter(ms) {
      latencyMs = ms;
    },
    refuseNext(count, status, code, message) {
      refusals = { count, status, code, message };
    },
    waitForCount(count, timeoutMs = 60_000) {
      if (texts.length >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`Only ${texts.length} of ${count} texts arrived`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
