import { beforeAll } from "vitest";

// What the app's start does (app/entry.server.tsx): the features subscribe to the booking
// core's events. Loaded before the file's tests, after its imports: a file may set the
// environment first (vi.hoisted), which the app reads once, when its modules first load.
beforeAll(async () => {
  (await import("~/models/visit-subscribers.server")).hearVisitEvents();
});
