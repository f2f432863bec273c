/** The outbox's retry rules, pure (unit-tested without a database or a mail server). */

export type OutboxPolicy = {
  /** Attempts before a message is marked failed. */
  maxAttempts: number;
  /** How long a claim reserves a message for its worker. */
  lockMs: number;
  /** Delay after the first failed attempt; doubled after each further one... */
  baseDelayMs: number;
  /** ...up to this. */
  maxDelayMs: number;
};

/** The wait after `attempts` failed attempts (1 = the first): base, 2x, 4x... capped. */
export function backoffDelayMs(attempts: number, policy: OutboxPolicy): number {
  const exponent = Math.max(0, attempts - 1);
  // 2^31 ms is weeks: beyond any cap, and safe from overflow to Infinity.
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.min(exponent, 31));
}

/** An SMTP 5xx answer (no such mailbox, refused): sending again would get the same. */
export function isPermanentSmtpError(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

/** A refusal the provider will repeat (a text provider's PermanentSmsError). */
function isPermanentError(error: unknown): boolean {
  return (error as { permanent?: unknown } | null)?.permanent === true;
}

export type AfterFailure =
  { status: "pending"; nextAttemptAt: Date } | { status: "failed"; nextAttemptAt: Date };

/** What becomes of a message whose `attempts`-th attempt just failed with `error`. */
export function afterFailure(
  attempts: number,
  error: unknown,
  now: Date,
  policy: OutboxPolicy,
): AfterFailure {
  if (isPermanentSmtpError(error) || isPermanentError(error) || attempts >= policy.maxAttempts) {
    return { status: "failed", nextAttemptAt: now };
  }
  return {
    status: "pending",
    nextAttemptAt: new Date(now.getTime() + backoffDelayMs(attempts, policy)),
  };
}
