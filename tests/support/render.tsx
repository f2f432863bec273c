// Component tests render into a Remix stub app (createRemixStub), so links, forms and
// Remix hooks behave as on a page, and read the result with Testing Library.
import "@testing-library/jest-dom/vitest";
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render } from "@testing-library/react";
import type { ReactElement } from "react";
import { afterEach } from "vitest";

afterEach(cleanup);

/** Renders `ui` as the page at `path` of a stub Remix app. */
export function renderInRemix(ui: ReactElement, path = "/") {
  const Stub = createRemixStub([{ path, Component: () => ui }]);
  return render(<Stub initialEntries={[path]} />);
}
