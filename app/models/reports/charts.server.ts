import type * as EChartsCore from "echarts/core";
import type { ChartSpec } from "./reports.server";

/**
 * The reports' charts, drawn on the server as SVG by Apache ECharts' server-side renderer
 * (docs/decisions/036-reports.md), so they show without JavaScript and nothing of the
 * library reaches the browser. Each chart sits beside its data table, which is what
 * screen readers read: the SVG itself is hidden from them.
 */

type ECharts = typeof EChartsCore;

let loading: Promise<ECharts> | null = null;

/**
 * ECharts, loaded the first time a report is drawn: the library takes about 40 MB of a
 * server's memory, which a server that never shows a report should not carry
 * (docs/performance.md, the memory under load).
 */
function loadECharts(): Promise<ECharts> {
  loading ??= Promise.all([
    import("echarts/core"),
    import("echarts/charts"),
    import("echarts/components"),
    import("echarts/renderers"),
  ]).then(([core, charts, components, renderers]) => {
    core.use([
      charts.BarChart,
      charts.LineChart,
      components.GridComponent,
      components.LegendComponent,
      renderers.SVGRenderer,
    ]);
    return core;
  });
  // A failed load is not kept: the next report tries again.
  loading.catch(() => (loading = null));
  return loading;
}

/** The chart drawer, once ECharts has loaded (see `chartSvg`). */
export async function chartRenderer(): Promise<(spec: ChartSpec) => string> {
  const echarts = await loadECharts();
  return (spec) => chartSvg(echarts, spec);
}

export const CHART_SIZE = { width: 720, height: 280 } as const;

/** Colours that keep 3:1 against white and apart from each other (brand blue first). */
const PALETTE = ["#1d4ed8", "#b45309", "#047857", "#7c3aed", "#be123c", "#0e7490", "#4d7c0f"];

/** At most this many category labels along the x axis (about one a month for a year by week). */
const MAX_LABELS = 14;

/**
 * One chart as SVG, drawn for reading, not pointing: no hover or emphasis states, bars of a
 * series as one path, line markers only while they stay apart, and every nth label named by
 * us rather than measured, so a year by week costs about what a month does.
 */
function chartSvg(echarts: ECharts, spec: ChartSpec): string {
  const chart = echarts.init(null, null, {
    renderer: "svg",
    ssr: true,
    width: CHART_SIZE.width,
    height: CHART_SIZE.height,
  });
  const count = spec.categories.length;
  const interval = Math.ceil(count / MAX_LABELS) - 1;
  // Labels turn when side by side they would not fit (about 6.5 px a character at 12 px);
  // turned (40 degrees), they need room below the axis and the first one left of it.
  const labelWidth = Math.max(0, ...spec.categories.map((label) => label.length)) * 6.5;
  const shown = Math.ceil(count / (interval + 1));
  const rotate = shown * (labelWidth + 8) > CHART_SIZE.width - 64;
  const left = rotate ? Math.min(120, Math.max(48, Math.ceil(labelWidth * 0.77))) : 48;
  const bottom = rotate ? Math.min(100, Math.ceil(labelWidth * 0.64) + 12) : 32;
  try {
    chart.setOption({
      animation: false,
      color: PALETTE,
      textStyle: { color: "#334155", fontFamily: "system-ui, sans-serif" },
      legend: { top: 0, silent: true, textStyle: { color: "#334155" } },
      grid: { left, right: 16, top: 40, bottom, containLabel: false },
      xAxis: {
        type: "category",
        data: spec.categories,
        silent: true,
        axisTick: { interval },
        axisLabel: { color: "#334155", rotate: rotate ? 40 : 0, interval },
      },
      yAxis: {
        type: "value",
        minInterval: 1,
        silent: true,
        ...(spec.unit === "percent"
          ? { max: (range: { max: number }) => Math.max(10, Math.ceil(range.max / 10) * 10) }
          : {}),
        axisLabel: {
          color: "#334155",
          formatter: spec.unit === "percent" ? "{value}%" : "{value}",
        },
      },
      series: spec.series.map((series) => ({
        type: spec.kind,
        name: series.name,
        data: series.data,
        silent: true,
        emphasis: { disabled: true },
        ...(spec.kind === "line"
          ? { connectNulls: false, symbolSize: 6, showSymbol: count <= MAX_LABELS }
          : { barMaxWidth: 28, large: true, largeThreshold: 0 }),
      })),
    });
    // Hidden from assistive technology (the table beside it carries the figures), and sized
    // by its box so it fits a phone's width.
    return chart
      .renderToSVGString()
      .replace(
        /^<svg /,
        '<svg aria-hidden="true" focusable="false" preserveAspectRatio="xMinYMin meet" style="width:100%;height:auto" ',
      );
  } finally {
    chart.dispose();
  }
}
