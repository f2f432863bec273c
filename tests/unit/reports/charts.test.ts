// The reports' charts (docs/decisions/036-reports.md) are drawn for reading, not pointing,
// so that a year by week costs about what a month does: a label for every nth period, no
// hover states, bars as one path per series, line markers only while they stay apart.
import { beforeAll, describe, expect, it } from "vitest";
import { chartRenderer } from "~/models/reports/charts.server";
import type { ChartSpec } from "~/models/reports/reports.server";
import { periodsOf } from "~/models/reports/periods";

const labelsOf = (from: string, to: string, by: "week" | "month") =>
  periodsOf({ from, to, by }).map((period) => period.label);

const spec = (kind: ChartSpec["kind"], categories: string[], series = 2): ChartSpec => ({
  kind,
  unit: kind === "line" ? "percent" : "count",
  categories,
  series: Array.from({ length: series }, (_, index) => ({
    name: `Series ${index + 1}`,
    data: categories.map((_, day) => (day * 7 + index * 3) % 90),
  })),
});

const count = (svg: string, pattern: RegExp) => svg.match(pattern)?.length ?? 0;

let chartSvg: Awaited<ReturnType<typeof chartRenderer>>;
beforeAll(async () => {
  chartSvg = await chartRenderer();
});

describe("report charts", () => {
  it("name every week of a month, and about one week a month of a year", () => {
    const month = chartSvg(spec("bar", labelsOf("2026-03-02", "2026-03-29", "week")));
    expect(count(month, />Week of /g)).toBe(4);
    const weeks = labelsOf("2025-03-31", "2026-03-29", "week");
    expect(weeks).toHaveLength(52);
    const year = chartSvg(spec("bar", weeks));
    expect(count(year, />Week of /g)).toBe(13);
    expect(year).toContain(">Week of Mar 31 2025<");
    expect(year).toContain(">Week of Apr 28 2025<");
  });

  it("draw no element per point of a year, so its size stays near a month's", () => {
    const weeks = labelsOf("2025-03-31", "2026-03-29", "week");
    const month = labelsOf("2026-03-02", "2026-03-29", "week");
    const perPoint = /ecmeta_data_index=/g;
    for (const kind of ["bar", "line"] as const) {
      const year = chartSvg(spec(kind, weeks, 5));
      // At most the one large path per series (and its hidden twin), not one per week.
      expect(count(year, perPoint), kind).toBeLessThanOrEqual(2 * 5);
      expect(year.length, kind).toBeLessThan(chartSvg(spec(kind, month, 5)).length * 2.5);
    }
    // A month's lines keep their markers: four weeks of five dentists, and the legend's five.
    expect(count(chartSvg(spec("line", month, 5)), perPoint)).toBe(4 * 5 + 5);
  });

  it("name every other month of two years, and stay hidden from screen readers", () => {
    const svg = chartSvg(spec("line", labelsOf("2025-01-01", "2026-12-31", "month")));
    expect(svg).toMatch(/^<svg aria-hidden="true" focusable="false"/);
    expect(count(svg, />\w{3} 20\d\d</g)).toBe(12);
  });
});

describe("ECharts' loading", () => {
  it("waits for the first report: nothing of the app's server imports it at start", async () => {
    const { readdirSync, readFileSync } = await import("node:fs");
    const path = await import("node:path");
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory()
          ? files(path.join(dir, entry.name))
          : /\.tsx?$/.test(entry.name)
            ? [path.join(dir, entry.name)]
            : [],
      );
    const staticImports = files(path.resolve("app")).filter((file) =>
      /^import\s(?!type\s)[^;]*from\s+"echarts/m.test(readFileSync(file, "utf8")),
    );
    expect(staticImports).toEqual([]);
    // The renderer is kept: the second report does not load the library again.
    expect(await chartRenderer()).toBeTypeOf("function");
  });
});
