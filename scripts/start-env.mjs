// What `npm start` (and the container, which runs the same script) adds to the environment
// before anything reads it. Kept apart from scripts/start.mjs so its rules are tested.

/**
 * A deployment says NODE_ENV=production and must bring its own SESSION_SECRET (the app
 * refuses to start without one); it has demo accounts only with DEMO_ACCOUNTS=true. A plain
 * `npm start` on a developer's clone (neither NODE_ENV nor SESSION_SECRET) runs as
 * production with a local secret (`localSecret()`, kept in data/ so sessions survive
 * restarts) and is a demo: the demo accounts of the README exist and sign in, unless
 * DEMO_ACCOUNTS=false. Changes `env` in place.
 * @param {Record<string, string | undefined>} env
 * @param {() => string} localSecret
 */
export function completeStartEnvironment(env, localSecret) {
  if (env.NODE_ENV) return;
  env.NODE_ENV = "production";
  if (env.SESSION_SECRET) return;
  if (!env.DEMO_ACCOUNTS?.trim()) env.DEMO_ACCOUNTS = "true";
  env.SESSION_SECRET = localSecret();
}
