import { hashPassword } from "~/utils/password.server";

/** The password of every user the tests create, unless a test picks its own. */
export const TEST_PASSWORD = "secret123";

const hashes = new Map<string, Promise<string>>();

/**
 * A bcrypt hash of `password` made by the app's own hashing, once per process: a hash
 * costs about 70 ms of CPU on purpose, and a test that only needs a user to exist should
 * not pay it again for every user. The common password's hash is made once per Vitest run
 * when the run's global setup shares it (TEST_PASSWORD_HASH, tests/support/template-db.ts).
 */
export function passwordHashFor(password = TEST_PASSWORD): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    const shared = password === TEST_PASSWORD ? process.env.TEST_PASSWORD_HASH : undefined;
    hash = shared ? Promise.resolve(shared) : hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}
