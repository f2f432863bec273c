// @vitest-environment node
// The server renders pages where no layout effect can run; React's development build says so
// on every render of one (the dev server's log filled with it for the diary and the selects).
import { renderToString } from "react-dom/server";
import { afterEach, expect, it, vi } from "vitest";
import { useBrowserLayoutEffect } from "~/hooks/use-layout-effect";

afterEach(() => vi.restoreAllMocks());

function Probe() {
  useBrowserLayoutEffect(() => {});
  return <p>rendered</p>;
}

it("renders on the server without React's layout-effect warning", () => {
  const logged = vi.spyOn(console, "error").mockImplementation(() => {});
  expect(renderToString(<Probe />)).toContain("rendered");
  expect(logged).not.toHaveBeenCalled();
});
