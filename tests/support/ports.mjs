// Every port the test suites and the benchmarks listen on, derived from one base, so two
// runs on one machine (two checkouts, or CI beside a developer) never meet: give each run
// its own TEST_PORT_BASE, at least 100 apart. Mail sinks and the like take a free port from
// the system and need no number here.

const DEFAULT_BASE = 3400;
/** Ports a run may use, from the base up. */
export const PORT_BLOCK = 100;

/** @param {Record<string, string | undefined>} env */
export function testPorts(env = process.env) {
  const base = Number(env.TEST_PORT_BASE || DEFAULT_BASE);
  if (!Number.isInteger(base) || base < 1024 || base + PORT_BLOCK > 65536) {
    throw new Error(
      `TEST_PORT_BASE=${env.TEST_PORT_BASE} must be a whole number from 1024 to ${65536 - PORT_BLOCK}`,
    );
  }
  // E2E_PORT, when set, moves the browser tests' servers alone (kept for old habits).
  const e2e = Number(env.E2E_PORT || base + 40);
  return {
    base,
    /**
     * The security suites' servers: limits off (http-security), limits on and behind a
     * proxy (rate-limits), the request edge on its own and behind a proxy (request-edge).
     */
    security: {
      main: base + 1,
      limited: base + 2,
      proxied: base + 3,
      edge: base + 5,
      edgeProxied: base + 6,
    },
    /** The account-security suite's server (Google answered by msw inside it). */
    accounts: base + 4,
    /** A patient's own data: export and deletion over HTTP. */
    myData: base + 7,
    /** The admin's settings, closures and chairs over HTTP. */
    adminSettings: base + 8,
    /** Fresh production starts: demo accounts, file modes (tests/security/fresh-start.test.ts). */
    freshStart: base + 9,
    fuzz: base + 10,
    /** The fourth review's findings replayed over HTTP (tests/security/fourth-review.test.ts). */
    fourthReview: base + 14,
    /** Extreme dates on every date parameter (tests/fuzz/dates.test.ts). */
    fuzzDates: base + 11,
    load: base + 20,
    /** The memory flood (tests/load/flood.test.ts). */
    flood: base + 21,
    /** Two instances on one PostgreSQL database (tests/load/two-instances.test.ts). */
    instances: { first: base + 22, second: base + 23 },
    /** Two instances delivering one outbox, one killed (tests/load/two-instances.test.ts). */
    mailInstances: { first: base + 24, second: base + 25 },
    crash: base + 30,
    /** The outbox crash test's server (killed and restarted on one database). */
    outboxCrash: base + 31,
    /** The reminder crash test's server (killed mid-sweep and restarted on one database). */
    remindersCrash: base + 32,
    /** The recall crash test's server (killed mid-sweep and restarted on one database). */
    recallCrash: base + 34,
    /** The text outbox crash test's server (killed and restarted on one database). */
    textsCrash: base + 36,
    /** A server whose process is made to reject a promise nobody handles (tests/crash). */
    rejection: base + 35,
    /** The appointment mail as received (tests/mail), on a clinic clock set to midday. */
    patientMail: base + 33,
    /**
     * Playwright's server, the two broken servers some specs start beside it, and the
     * admin settings spec's own server (its changes to the clinic's hours must not reach
     * the specs that book on the shared one).
     */
    e2e: { main: e2e, brokenDatabase: e2e + 1, noReviews: e2e + 2, settings: e2e + 3 },
    bench: {
      app: base + 50,
      baseline: base + 51,
      small: base + 52,
      large: base + 53,
      backup: base + 54,
      fixture: base + 55,
      auditSmall: base + 56,
      auditLarge: base + 57,
      /** The diary's free-time benchmark: an empty diary and one of 200,000 visits. */
      diaryEmpty: base + 58,
      diaryFull: base + 59,
      /** The day diary's two servers: dayDiary and dayDiary + 1. */
      dayDiary: base + 63,
      /** scripts/bench/profile.mjs: the build under --cpu-prof. */
      profile: base + 62,
      /** Reads beside a stream of bookings (scripts/bench/bookings.mjs). */
      bookings: base + 74,
      /** SQLite against PostgreSQL (scripts/bench/engines.mjs): the servers and the cluster. */
      engines: { sqlite: base + 75, postgres: base + 76, second: base + 77, cluster: base + 78 },
      /** The day's lock traced (scripts/bench/day-lock.mjs): the app and its cluster. */
      dayLock: { app: base + 71, cluster: base + 72 },
    },
    /** scripts/rehearse-deploy.mjs: its cluster, the proxy, two instances and their successors. */
    rehearsal: {
      cluster: base + 65,
      proxy: base + 68,
      instances: [base + 66, base + 67],
      successors: [base + 69, base + 70],
    },
    /** scripts/bench/compare.mjs: the builds side by side (compare to compare + 9). */
    compare: base + 80,
    /** scripts/container-memory.mjs: the container under the memory flood. */
    container: base + 90,
    /** `npm test`'s throwaway PostgreSQL cluster (scripts/test.mjs). */
    postgres: base + 95,
    /** The backup suite: the server written to, and the instance restored from its backup. */
    backup: { main: base + 60, restored: base + 61 },
  };
}
