// The failed-mail screen's words, from the error texts the outbox really stores: each was
// written by nodemailer 10 against a closed port, an unknown host and a loopback SMTP server
// answering with the code (describeError in app/models/mail/outbox.server.ts joins code and message).
import { describe, expect, it } from "vitest";
import { describeMailProblem, mailKindLabel } from "~/models/mail/problems";

describe("describeMailProblem", () => {
  it.each([
    ["ESOCKET: connect ECONNREFUSED 127.0.0.1:587", "The mail server refused the connection."],
    [
      "EDNS: getaddrinfo ENOTFOUND smtp.clinic.invalid",
      "The mail server's address could not be found.",
    ],
    ["ETIMEDOUT: Connection timeout", "The mail server did not answer in time."],
    ["ETIMEDOUT: Greeting never received", "The mail server did not answer in time."],
    ["ECONNECTION: socket hang up", "The connection to the mail server broke off."],
    [
      "EAUTH: Invalid login: 535 Authentication not implemented",
      "The mail server did not accept the clinic's sign-in (user name or password).",
    ],
    [
      "ESOCKET: 807C4370EA7F0000:error:0A00010B:SSL routines:ssl3_get_record:wrong version number",
      "A secure connection to the mail server could not be set up.",
    ],
    [
      "EMESSAGE: Message failed: 550 Refused by the test sink",
      "The recipient's mail server refused the address (no such mailbox).",
    ],
    [
      "EENVELOPE: Can't send mail - all recipients were rejected: 550 5.1.1 <x@example.com>: Recipient address rejected",
      "The recipient's mail server refused the address (no such mailbox).",
    ],
    [
      "EMESSAGE: Message failed: 552 Refused by the test sink",
      "The recipient's mailbox is full, or the message is too large for it.",
    ],
    [
      "EMESSAGE: Message failed: 554 Refused by the test sink",
      "The mail server refused the message (it may have been taken for spam).",
    ],
    [
      "EMESSAGE: Message failed: 451 Refused by the test sink",
      "The mail server asked to try again later.",
    ],
    [
      "EMESSAGE: Message failed: 421 Refused by the test sink",
      "The mail server was too busy and closed the connection.",
    ],
    ["EMESSAGE: Message failed: 557 Odd", "The mail server refused the message."],
    ["EMESSAGE: Message failed: 499 Odd", "The mail server could not take the message just then."],
    ["Something nobody expected", "The message could not be sent."],
  ])("%s", (stored, words) => {
    expect(describeMailProblem(stored)).toBe(words);
  });

  it("says nothing when there was no error", () => {
    expect(describeMailProblem(null)).toBeNull();
    expect(describeMailProblem("  ")).toBeNull();
  });
});

describe("mailKindLabel", () => {
  it("names each kind the outbox sends, and puts an unknown one in words", () => {
    expect(mailKindLabel("booking")).toBe("Booking confirmation");
    expect(mailKindLabel("waitlist_offer")).toBe("Waiting-list offer");
    expect(mailKindLabel("recall_invite")).toBe("Recall invite");
    expect(mailKindLabel("")).toBe("Mail");
  });
});
