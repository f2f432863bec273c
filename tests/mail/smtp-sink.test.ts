// The crash tests SIGKILL the app while it delivers: its connection to the SMTP sink is
// reset mid-transaction. That must not become an uncaught exception that fails the whole run.
import net from "node:net";
import { afterEach, expect, it } from "vitest";
import { startSmtpSink } from "../support/smtp-sink";

let sink: Awaited<ReturnType<typeof startSmtpSink>> | undefined;
afterEach(async () => {
  await sink?.close();
  sink = undefined;
});

/** Reads until the server's answer starts with `code`. */
function answer(socket: net.Socket, code: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = "";
    const onData = (chunk: Buffer) => {
      seen += chunk.toString("utf8");
      if (new RegExp(`^${code}[ -]`, "m").test(seen)) {
        socket.off("data", onData);
        resolve();
      }
    };
    socket.on("data", onData);
    socket.once("error", reject);
  });
}

it("keeps serving after a client resets its connection inside a mail transaction", async () => {
  sink = await startSmtpSink();
  const { port } = new URL(sink.url);
  const socket = net.connect(Number(port), "127.0.0.1");
  await answer(socket, "220");
  for (const [line, code] of [
    ["EHLO crash.test", "250"],
    ["MAIL FROM:<clinic@example.com>", "250"],
    ["RCPT TO:<patient@example.com>", "250"],
  ] as const) {
    const answered = answer(socket, code);
    socket.write(`${line}\r\n`);
    await answered;
  }
  // Reset with the envelope open: smtp-server reports it as an error (outside a
  // transaction it stays quiet), which nothing handled.
  const closed = new Promise((resolve) => socket.once("close", resolve));
  socket.resetAndDestroy();
  await closed;
  await sink.idle();

  // The sink still takes a whole message, and kept nothing of the cut one.
  const nodemailer = await import("nodemailer");
  const transport = nodemailer.createTransport(sink.url);
  await transport.sendMail({
    from: "clinic@example.com",
    to: "patient@example.com",
    subject: "After the reset",
    text: "Whole.",
  });
  transport.close();
  expect(sink.messages.map((mail) => mail.subject)).toEqual(["After the reset"]);
});
