// Burst limit and baseline as dashed horizontal lines on a Chart.js chart (the annotation plugin, loaded as a UMD
// script from its webjar before the page's modules). Their names go in the legend, never on the plot: a badge at the
// line's end covered the very points that reach the limit.
import { BASELINE_COLOR, BURST_COLOR } from './palette.js';
import { formatGbit, GBIT } from './units.js';

const { Chart } = window;

/** Draws the lines on the chart already made on this canvas; nothing for limits that are unknown. */
export function addLimitLines(canvas, burstBitsPerSecond, baselineBitsPerSecond) {
  const chart = Chart.getChart(canvas);
  const plugin = window['chartjs-plugin-annotation'];
  if (!chart || !plugin || !(burstBitsPerSecond > 0 || baselineBitsPerSecond > 0)) {
    return false;
  }
  Chart.register(plugin);
  const annotations = {};
  if (burstBitsPerSecond > 0) {
    annotations.burstLimit = limitLine(burstBitsPerSecond, 'burst limit', BURST_COLOR);
    chart.options.scales.y.suggestedMax = (burstBitsPerSecond / GBIT) * 1.1;
  }
  if (baselineBitsPerSecond > 0) {
    annotations.baseline = limitLine(baselineBitsPerSecond, 'baseline', BASELINE_COLOR);
  }
  chart.options.plugins.annotation = { annotations };
  chart.options.plugins.legend = limitLegend(chart.options.plugins.legend);
  chart.update();
  return true;
}

/** A dashed line at a rate; its name ("burst limit 5 Gbit/s") is for the legend (limitLegend), not drawn on it. */
export function limitLine(bitsPerSecond, name, color) {
  const y = bitsPerSecond / GBIT;
  return {
    type: 'line', yMin: y, yMax: y, borderColor: color, borderWidth: 2, borderDash: [6, 4],
    label: { display: false, content: `${name} ${formatGbit(bitsPerSecond)}` },
  };
}

/**
 * Legend options that list the chart's limit lines after its datasets, as dashed entries; clicking one does nothing
 * (a limit is not a series to hide).
 */
export function limitLegend(legend = {}) {
  const defaults = Chart.defaults.plugins.legend;
  return {
    ...legend,
    labels: {
      ...(legend.labels ?? {}),
      generateLabels(chart) {
        const items = defaults.labels.generateLabels(chart);
        const lines = Object.values(chart.options.plugins.annotation?.annotations ?? {})
          .filter((line) => line.type === 'line' && line.label?.content);
        return items.concat(lines.map((line) => ({
          text: line.label.content, fillStyle: 'rgba(0, 0, 0, 0)', strokeStyle: line.borderColor,
          fontColor: defaults.labels.color ?? Chart.defaults.color, lineWidth: 2, lineDash: line.borderDash,
          hidden: false, limit: true,
        })));
      },
    },
    onClick(event, item, legendElement) {
      if (!item.limit) {
        defaults.onClick.call(this, event, item, legendElement);
      }
    },
  };
}
