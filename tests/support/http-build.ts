import { ensureTestBuild } from "../../scripts/test-build.mjs";

/** The http project's suites all serve the run's one production build: made here, once. */
export default function setup() {
  ensureTestBuild();
}
