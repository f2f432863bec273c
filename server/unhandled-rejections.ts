/**
 * A promise that rejects with nobody listening is a bug of ours (for instance a query
 * started, then left unawaited because a later step of the same request threw), and Node
 * ends the process for it by default: one request would take the site down for everyone,
 * and the same request again after each restart. The rejection is logged as an error
 * instead; the request itself was answered through its own error path (a 4xx or the error
 * page). Exceptions thrown outside any promise stay fatal: after one, the process's state
 * is unknown, and the container's restart policy brings it back (README, Deploying).
 */
export function logUnhandledRejections() {
  process.on("unhandledRejection", (reason) => {
    console.error(
      JSON.stringify({
        time: new Date().toISOString(),
        level: "error",
        msg: "unhandled rejection",
        error: reason instanceof Error ? (reason.stack ?? reason.message) : String(reason),
      }),
    );
  });
}
