/**
 * What the failed-mail screen says about a message: its kind and why it was not delivered,
 * in words a receptionist can act on. The outbox stores the mail library's own error
 * (`ESOCKET: connect ECONNREFUSED 127.0.0.1:587`, `EMESSAGE: Message failed: 550 ...`);
 * pure, so the rules are unit-tested against the texts nodemailer really writes.
 */

const KIND_LABELS: Record<string, string> = {
  verification: "E-mail address check",
  reset: "Password reset",
  booking: "Booking confirmation",
  change: "Appointment change",
  cancellation: "Cancellation",
  reminder: "Reminder",
  waitlist_offer: "Waiting-list offer",
  review_request: "Review request",
  recall_invitation: "Recall invitation",
  sms_reply: "Reply to a text",
};

/** "Booking confirmation" for `booking`; an unknown kind in words ("recall_invite" -> "Recall invite"). */
export function mailKindLabel(kind: string): string {
  const known = KIND_LABELS[kind];
  if (known) return known;
  const words = kind.replace(/[_.-]+/g, " ").trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : "Mail";
}

type Rule = { test: RegExp; words: string };

// Checked in order: the connection's own failures first, then the SMTP server's answer.
const CONNECTION_RULES: Rule[] = [
  { test: /ECONNREFUSED/, words: "The mail server refused the connection." },
  {
    test: /ENOTFOUND|EAI_AGAIN|\bEDNS\b/,
    words: "The mail server's address could not be found.",
  },
  {
    test: /ETIMEDOUT|timed? ?out|Greeting never received/i,
    words: "The mail server did not answer in time.",
  },
  {
    test: /ECONNRESET|EPIPE|socket hang up|closed unexpectedly/i,
    words: "The connection to the mail server broke off.",
  },
  {
    test: /\bEAUTH\b|Invalid login|\b53[45]\b/,
    words: "The mail server did not accept the clinic's sign-in (user name or password).",
  },
  {
    test: /SSL|TLS|certificate|wrong version number/i,
    words: "A secure connection to the mail server could not be set up.",
  },
];

const SMTP_CODE_WORDS: Record<number, string> = {
  421: "The mail server was too busy and closed the connection.",
  450: "The recipient's mailbox was not available just then.",
  451: "The mail server asked to try again later.",
  452: "The mail server had no room for the message just then.",
  550: "The recipient's mail server refused the address (no such mailbox).",
  551: "The recipient's mail server refused the address (no such mailbox).",
  552: "The recipient's mailbox is full, or the message is too large for it.",
  553: "The recipient's mail server refused the address as written.",
  554: "The mail server refused the message (it may have been taken for spam).",
};

/**
 * The last error of a message in plain words, or null when there was none. An error the
 * rules do not know still reads as a sentence; the screen keeps the technical text beside it.
 */
export function describeMailProblem(lastError: string | null | undefined): string | null {
  const text = lastError?.trim();
  if (!text) return null;
  for (const rule of CONNECTION_RULES) {
    if (rule.test.test(text)) return rule.words;
  }
  const code = /\b([45]\d\d)(?:[ -]|$)/.exec(text)?.[1];
  if (code) {
    const number = Number(code);
    return (
      SMTP_CODE_WORDS[number] ??
      (number >= 500
        ? "The mail server refused the message."
        : "The mail server could not take the message just then.")
    );
  }
  return "The message could not be sent.";
}
