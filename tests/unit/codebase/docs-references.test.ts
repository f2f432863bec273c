// Docs that stay true (issue 26, item 8): every repository path and every ADR that the
// README, the ADRs and the code's comments cite must exist, as the tree is at run time (so
// an ADR added on another branch counts as soon as it is there), and a superseded ADR must
// say by which.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(".");
const DECISIONS = "docs/decisions";

/** Folders whose files are made, installed or kept elsewhere: neither read nor cited. */
const SKIPPED_DIRS = new Set([
  ".git",
  "node_modules",
  "build",
  "data",
  "playwright-report",
  "test-results",
  ".tmp",
]);
const CODE = /\.(ts|tsx|mjs|js)$/;
/** Files read whole: mostly comments, and paths an operator or the schema's reader follows. */
const OTHER_TEXTS = ["Dockerfile", ".env.example", ".ci/run", "prisma/schema.prisma"];

function filesUnder(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const relative = dir === "." ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith(".build")) {
        found.push(...filesUnder(relative));
      }
    } else {
      found.push(relative);
    }
  }
  return found;
}

const REPOSITORY = filesUnder(".");
const BASENAMES = new Set(REPOSITORY.map((file) => path.basename(file)));

/** The comments of a TypeScript or JavaScript file, as the compiler reads them. */
function commentsOf(file: string, text = readFileSync(path.join(ROOT, file), "utf8")): string {
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const seen = new Set<number>();
  const comments: string[] = [];
  const collect = (ranges: readonly ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      if (seen.has(range.pos)) continue;
      seen.add(range.pos);
      comments.push(text.slice(range.pos, range.end));
    }
  };
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.getFullStart()));
    collect(ts.getTrailingCommentRanges(text, node.getEnd()));
    node.forEachChild(visit);
  };
  visit(source);
  collect(ts.getLeadingCommentRanges(text, source.endOfFileToken.getFullStart()));
  return comments.join("\n");
}

/** The README and the guides its text moved into (issue 32 item 6), read whole. */
const GUIDES = ["README.md", "docs/staff.md", "docs/operations.md", "docs/development.md"];

/** What each cited text says, by file: the guides and ADRs whole, the code's comments. */
function citingTexts(): Array<{ file: string; text: string }> {
  const markdown = [...GUIDES, ...REPOSITORY.filter((file) => file.startsWith(`${DECISIONS}/`))];
  const code = REPOSITORY.filter((file) => CODE.test(file) && !file.startsWith("public/"));
  return [
    ...[...markdown, ...OTHER_TEXTS.filter((file) => existsSync(file))].map((file) => ({
      file,
      text: readFileSync(path.join(ROOT, file), "utf8"),
    })),
    ...code.flatMap((file) => {
      const text = readFileSync(path.join(ROOT, file), "utf8");
      // Parsing is the cost of this test: a file whose only candidates are its import
      // specifiers has nothing cited in its comments either.
      const rest = text.replace(IMPORT_LINES, "");
      return [PATH, BASENAME, ADR].some((pattern) => new RegExp(pattern.source).test(rest))
        ? [{ file, text: commentsOf(file, text) }]
        : [];
    }),
  ];
}

/** An import line, or the last line of a multi-line import or export. */
const IMPORT_LINES = /^\s*(?:import|export|\})[^\n]*\bfrom\s+["'][^"'\n]*["'];?$/gm;

const TOP_LEVEL = "app|server|scripts|tests|prisma|docs|public|patches|\\.ci";
/** `app/infra/db.server.ts`, `docs/decisions/`, `~/models/services/catalog.server`. */
const PATH = new RegExp(
  `(?<![\\w./~@-])((?:${TOP_LEVEL})/[^\\s\`'"()\\],;]*|~/[^\\s\`'"()\\],;]+)`,
  "g",
);
/** A file of ours named without its folder: `session.server.ts`, `load.test.ts`. */
const BASENAME = /(?<![\w./~-])([\w-]+(?:\.[\w-]+)*\.(?:server|test|spec)\.tsx?)\b/g;
/** `ADR 025`, `ADRs 001 and 004`, `Superseded by 030`. */
const ADR =
  /\b(?:ADRs?|[Ss]uperseded by|[Rr]eplaced by)\s+(\d{1,3}(?:(?:\s*,\s*|\s+and\s+|\s+or\s+)\d{1,3})*)\b/g;

/** A path as cited: no patterns, placeholders or made-up examples. */
function isConcrete(cited: string): boolean {
  return (
    !/[*{}<>$]|NNN|\.\.\./.test(cited) && !/^(tests\/\.tmp|app\/build|public\/build)\b/.test(cited)
  );
}

/** Whether a cited path names a file or folder of the repository (with or without its extension). */
function exists(cited: string): boolean {
  const plain = cited.replace(/[.:]+$/, "").replace(/#.*$/, "");
  const relative = plain.startsWith("~/") ? `app/${plain.slice(2)}` : plain;
  return ["", ".ts", ".tsx", ".mjs", ".js", "/index.ts"].some((suffix) =>
    existsSync(path.join(ROOT, relative + suffix)),
  );
}

function adrNumbers(): Set<number> {
  return new Set(
    readdirSync(path.join(ROOT, DECISIONS))
      .map((name) => /^(\d{3})-.+\.md$/.exec(name)?.[1])
      .filter((number): number is string => number !== undefined)
      .map(Number),
  );
}

describe("docs that stay true", () => {
  const texts = citingTexts();

  it("reads the README, every ADR, and the comments of the source files that name a path or an ADR", () => {
    expect(texts.map((entry) => entry.file)).toEqual(
      expect.arrayContaining([...GUIDES, "app/infra/db.server.ts", `${DECISIONS}/000-template.md`]),
    );
    expect(texts.length).toBeGreaterThan(100);
    // The reader sees comments, not code: a path only in a string is not cited.
    const comments = commentsOf("app/infra/db.server.ts");
    expect(comments).toContain("The one way to the database");
    expect(comments).not.toContain("new PrismaClient");
  });

  it("cites only repository paths that exist", () => {
    const missing: string[] = [];
    for (const { file, text } of texts) {
      for (const [, cited] of text.matchAll(PATH)) {
        if (isConcrete(cited!) && !exists(cited!)) missing.push(`${file}: ${cited}`);
      }
      for (const [, name] of text.matchAll(BASENAME)) {
        if (!BASENAMES.has(name!)) missing.push(`${file}: ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("cites only ADRs that exist", () => {
    const numbers = adrNumbers();
    const missing: string[] = [];
    for (const { file, text } of texts) {
      for (const [, list] of text.matchAll(ADR)) {
        for (const number of list!.match(/\d+/g)!) {
          if (!numbers.has(Number(number))) missing.push(`${file}: ADR ${number}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("has a status in every ADR, and a superseded one names the ADR that replaced it", () => {
    const problems: string[] = [];
    for (const name of readdirSync(path.join(ROOT, DECISIONS))) {
      if (!/^\d{3}-.+\.md$/.test(name) || name.startsWith("000-")) continue;
      const text = readFileSync(path.join(ROOT, DECISIONS, name), "utf8");
      const status = /## Status\s+([\s\S]*?)(?=\n## |$)/.exec(text)?.[1]?.trim() ?? "";
      if (!status) problems.push(`${name}: no status`);
      else if (/superseded/i.test(status) && !/superseded by (?:ADR )?\d{3}/i.test(status)) {
        problems.push(`${name}: superseded, but not by a numbered ADR`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("finds a path that is not there, and an ADR that is not there (so a pass means something)", () => {
    const fake = "See app/utils/slot-rules.ts and ~/models/nothing.server, ADRs 002 and 999.";
    expect([...fake.matchAll(PATH)].map((match) => exists(match[1]!))).toEqual([false, false]);
    const numbers = adrNumbers();
    const cited = [...fake.matchAll(ADR)].flatMap((match) => match[1]!.match(/\d+/g)!);
    expect(cited.map((number) => numbers.has(Number(number)))).toEqual([true, false]);
    expect(statSync(path.join(ROOT, DECISIONS)).isDirectory()).toBe(true);
  });
});
