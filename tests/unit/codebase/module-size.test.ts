// No module of the app over 400 lines (issue 32's goal): a module that grows past it is a
// feature folder's second module waiting to be cut out, not one more screen of scrolling.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const MAX_LINES = 400;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mjs)$/.test(entry.name) ? [full] : [];
  });
}

const lineCount = (file: string) => readFileSync(file, "utf8").trimEnd().split("\n").length;

describe("module size", () => {
  it(`keeps every module of app/ and server/ at ${MAX_LINES} lines or fewer`, () => {
    const files = [...sourceFiles("app"), ...sourceFiles("server")];
    expect(files.length).toBeGreaterThan(100);
    const over = files
      .map((file) => ({ file, lines: lineCount(file) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(over).toEqual([]);
  });
});
