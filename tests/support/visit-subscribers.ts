// What the app's start does (app/entry.server.tsx): the features subscribe to the booking
// core's events. After tests/support/vitest-setup.ts, which names the file's database.
import "~/models/visit-subscribers.server";
