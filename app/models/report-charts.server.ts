import { BarChart, LineChart } from "echarts/charts";
import { GridComponent, LegendComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { SVGRenderer } from "echarts/renderers";
import type { ChartSpec } from "./reports.server";

/**
 * The reports' charts, drawn on the server as SVG by Apache ECharts' server-side renderer
 * (docs/decisions/036-reports.md), so they show without JavaScript and nothing of the
 * library reaches the browser. Each chart sits beside its data table, which is what
 * screen readers read: the SVG itself is hidden from them.
 */

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, SVGRenderer]);

export const CHART_SIZE = { width: 720, height: 280 } as const;

/** Colours that keep 3:1 against white and apart from each other (brand blue first). */
const PALETTE = ["#1d4ed8", "#b45309", "#047857", "#7c3aed", "#be123c", "#0e7490", "#4d7c0f"];

export function chartSvg(spec: ChartSpec): string {
  const chart = echarts.init(null, null, {
    renderer: "svg",
    ssr: true,
    width: CHART_SIZE.width,
    height: CHART_SIZE.height,
  });
  try {
    chart.setOption({
      animation: false,
      color: PALETTE,
      textStyle: { color: "#334155", fontFamily: "system-ui, sans-serif" },
      legend: { top: 0, textStyle: { color: "#334155" } },
      grid: { left: 48, right: 16, top: 40, bottom: 56, containLabel: false },
      xAxis: {
        type: "category",
        data: spec.categories,
        axisLabel: { color: "#334155", rotate: spec.categories.length > 8 ? 40 : 0 },
      },
      yAxis: {
        type: "value",
        minInterval: 1,
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
        connectNulls: false,
        ...(spec.kind === "line" ? { symbolSize: 6 } : { barMaxWidth: 28 }),
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
