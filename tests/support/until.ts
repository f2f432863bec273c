/**
 * Resolves when `check` holds, polling; fails after `timeoutMs`, naming `what`. The bound is
 * generous on purpose: the crash tests run on busy CI machines, and what they wait for
 * (a server delivering a thousand mails) has no event of its own to wait on.
 */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 240_000,
) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
