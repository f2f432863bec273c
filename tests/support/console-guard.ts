import { afterEach, beforeEach, vi, type MockInstance } from "vitest";

// A console.error that no test expected fails the test it happened in: React warnings,
// logged failures and the like are bugs until a test says otherwise. A test that expects
// one declares it by taking the spy over, e.g.
//   const errors = vi.spyOn(console, "error").mockImplementation(() => {});
// (vi.spyOn hands back this same spy, so its calls stay assertable.)
const original = console.error.bind(console);
let spy: MockInstance<typeof console.error> | undefined;
let unexpected: unknown[][] = [];

beforeEach(() => {
  unexpected = [];
  spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    unexpected.push(args);
    original(...args);
  });
});

afterEach(() => {
  spy?.mockRestore();
  spy = undefined;
  if (unexpected.length > 0) {
    const first = unexpected[0]!.map((arg) => (arg instanceof Error ? arg.message : String(arg)));
    throw new Error(
      `console.error was called ${unexpected.length} time(s) without the test expecting it; ` +
        `the first: ${first.join(" ")}`,
    );
  }
});
