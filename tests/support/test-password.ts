import bcrypt from "bcryptjs";

/** The password of every user the tests create, unless a test picks its own. */
export const TEST_PASSWORD = "secret123";

/**
 * The cost of the hashes test users are created with: bcrypt's lowest. The app compares a
 * password at the cost stored in its hash, so a test user signs in through exactly the
 * app's code, in about 1 ms instead of 70 (the app's own cost, BCRYPT_COST, stays on every
 * hash the app makes: registration, reset, claim links). The suites that sign in hundreds
 * of times (the limits, the lock-out) spent most of their time here, and on a busy machine
 * the app's hashing threads, which yield to requests on purpose, took ten times longer.
 */
export const TEST_HASH_COST = 4;

const hashes = new Map<string, string>();

/** A bcrypt hash of `password` for a test user (the common one shared by the run's setup). */
export function passwordHashFor(password = TEST_PASSWORD): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    const shared = password === TEST_PASSWORD ? process.env.TEST_PASSWORD_HASH : undefined;
    hash = shared ?? bcrypt.hashSync(password, TEST_HASH_COST);
    hashes.set(password, hash);
  }
  return Promise.resolve(hash);
}
