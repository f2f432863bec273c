import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Files that run long by design: servers killed and restarted, streams, floods, fuzzing. */
const LONG = /\/tests\/(crash|backup|fuzz|load)\//;

/**
 * Vitest runs the files it has timings for longest first; without any (a clean checkout, as
 * on CI) it runs the largest files first, which put the crash tests, 30 to 50 s each, among
 * the last of the http files, one worker still busy with them while the other had nothing
 * left. Without timings, the files that run long by design go first.
 */
export default class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const timed = files.some((file) =>
      this.ctx.cache.getFileTestResults(
        `${file.project.name}:${path.relative(this.ctx.config.root, file.moduleId)}`,
      ),
    );
    if (timed) return sorted;
    const long = (file: TestSpecification) => LONG.test(file.moduleId);
    return [...sorted.filter(long), ...sorted.filter((file) => !long(file))];
  }
}
