import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = {
  to: string[];
  messageId: string;
  subject: string;
  text: string;
  html: string;
  attachments: Array<{ filename: string; contentType: string; content: string }>;
  /** The message as sent (headers and MIME parts), for what the parsed view drops. */
  raw: string;
};

/**
 * A real SMTP server on loopback that keeps what it receives, for tests that check
 * the mail the app sends. Point the app at `url`.
 */
export async function startSmtpSink({
  onMessage,
  refuse,
}: {
  onMessage?: (mail: ReceivedMail) => void;
  /** An SMTP code (e.g. 451 try later, 550 no such mailbox) to refuse a message with. */
  refuse?: () => number | null;
} = {}) {
  const messages: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const open = new Set<string>();
  const whenIdle: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // Loopback only: no name to look up.
    disableReverseLookup: true,
    onConnect(session, callback) {
      open.add(session.id);
      callback();
    },
    onClose(session) {
      open.delete(session.id);
      if (open.size === 0) whenIdle.splice(0).forEach((wake) => wake());
    },
    onData(stream, _session, callback) {
      const code = refuse?.() ?? null;
      if (code !== null) {
        stream.resume();
        stream.once("end", () =>
          callback(Object.assign(new Error(`Refused by the test sink`), { responseCode: code })),
        );
        return;
      }
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      new Promise<Buffer>((resolve, reject) => {
        stream.once("end", () => resolve(Buffer.concat(chunks)));
        stream.once("error", reject);
      })
        .then(async (raw) => ({ raw, parsed: await simpleParser(raw) }))
        .then(({ raw, parsed }) => {
          const to = Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : [];
          const mail: ReceivedMail = {
            to: to.flatMap((address) =>
              address.value.map((entry) => (entry.address ?? "").toLowerCase()),
            ),
            messageId: parsed.messageId ?? "",
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
            attachments: parsed.attachments.map((attachment) => ({
              filename: attachment.filename ?? "",
              contentType: attachment.contentType,
              content: attachment.content.toString("utf8"),
            })),
            raw: raw.toString("utf8"),
          };
          messages.push(mail);
          onMessage?.(mail);
          waiters.splice(0).forEach((wake) => wake());
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  // A client that dies mid-message (the crash tests SIGKILL the app while it delivers)
  // resets its connection: the sink's own affair, not the test run's. Anything else stays
  // an error the run reports.
  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "ECONNRESET" || error.code === "EPIPE") return;
    throw error;
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  /** Waits (bounded) for a message to `to` that matches, and returns it. */
  async function waitFor(
    to: string,
    match: (mail: ReceivedMail) => boolean = () => true,
    timeoutMs = 10_000,
  ) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = messages.find((mail) => mail.to.includes(to.toLowerCase()) && match(mail));
      if (found) return found;
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error(`No mail to ${to} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, remaining);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /**
   * Resolves once every connection accepted so far has closed, so every message sent on
   * them is in `messages` (a client's connections are accepted in the order it opens them).
   */
  function idle(timeoutMs = 10_000) {
    if (open.size === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`SMTP connections still open after ${timeoutMs} ms`)),
        timeoutMs,
      );
      whenIdle.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitFor,
    idle,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
