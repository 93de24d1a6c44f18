// Burst limit and baseline as dashed horizontal lines on a Chart.js chart (the annotation plugin, loaded as a UMD
// script from its webjar before the page's modules).
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
    annotations.burstLimit = line(burstBitsPerSecond, 'burst limit', '#b91c1c');
    chart.options.scales.y.suggestedMax = (burstBitsPerSecond / GBIT) * 1.1;
  }
  if (baselineBitsPerSecond > 0) {
    annotations.baseline = line(baselineBitsPerSecond, 'baseline', '#4b5563');
  }
  chart.options.plugins.annotation = { annotations };
  chart.update();
  return true;
}

function line(bitsPerSecond, name, color) {
  const y = bitsPerSecond / GBIT;
  return {
    type: 'line', yMin: y, yMax: y, borderColor: color, borderWidth: 2, borderDash: [6, 4],
    label: {
      display: true, content: `${name} ${formatGbit(bitsPerSecond)}`, position: 'end',
      backgroundColor: `${color}dd`, color: '#fff', font: { size: 11 },
    },
  };
}
