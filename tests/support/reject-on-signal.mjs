// Preloaded into a test server (`node --import`, through NODE_OPTIONS): on SIGUSR2 the
// process makes a promise rejection that nobody handles, as a bug in a request's code
// would (tests/crash/unhandled-rejection.test.ts). Nothing in the app knows about it.
process.on("SIGUSR2", () => {
  void Promise.reject(new Error("Rejected on purpose by the test, with no handler"));
});
