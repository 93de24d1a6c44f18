// The trends page: one pair's scenario over time from /api/v1/trends with the page's own query. Dots are runs, the
// solid line the level between change points, violet vertical lines the change points, teal dotted ones the driver
// changes, dashed horizontal lines the burst limit and baseline; pink triangles the series' latency figure on an axis
// of its own, its dashed level line and pink vertical lines its change points; all named in the legend; beneath,
// each change in words as the API states it.
// Chart.js and the annotation plugin come as UMD scripts from webjars, loaded before this module.
import { limitLegend, limitLine } from './limit-lines.js';
import { BASELINE_COLOR, BURST_COLOR } from './palette.js';
import { GBIT, formatMs, formatPercent, formatRate } from './units.js';

const { Chart } = window;
Chart.register(window['chartjs-plugin-annotation']);
// Neither the burst limit's red nor the baseline's grey: a change point is not a limit.
const CHANGE_COLOR = '#7c3aed';
const DRIVER_COLOR = '#0d9488';
const LATENCY_COLOR = '#d6336c';

const FIELDS = ['sut', 'peer', 'protocol', 'direction', 'streams', 'target', 'messageBytes', 'driver', 'tag',
  'last'];
const section = document.querySelector('[data-trend-api]');
const form = document.querySelector('.trend-form');
const params = new URLSearchParams(location.search);

fillForm(form, params);
form.addEventListener('submit', (event) => {
  event.preventDefault();
  const query = new URLSearchParams();
  for (const [name, value] of new FormData(form).entries()) {
    if (String(value).trim()) query.set(name, String(value).trim());
  }
  location.search = query.toString();
});
if (params.get('sut')) {
  main().catch((error) => showProblem(error.message));
} else {
  document.getElementById('trend-summary').textContent = 'Pick a SUT (and peer) and a scenario to see its trend.';
}

async function main() {
  const response = await fetch(section.dataset.trendApi, { headers: { Accept: 'application/json' } });
  const body = await response.json();
  if (!response.ok) {
    throw new Error(body.detail ?? `the trend answered ${response.status}`);
  }
  describe(body);
  drawChart(document.getElementById('trend-chart'), body);
  listChanges(document.getElementById('trend-changes'), body);
}

function describe(trend) {
  const summary = document.getElementById('trend-summary');
  if (trend.points.length === 0) {
    summary.textContent = 'No runs match this selection.';
    return;
  }
  const older = trend.olderRunsLeftOut ? ' (older runs left out; raise "Newest runs" to see them)' : '';
  summary.textContent = `${trend.scenario} on ${trend.sut} → ${trend.peer}: ${trend.runCount} runs${older}.`;
  const m = trend.method;
  document.getElementById('trend-method').textContent = `Change points: ${m.name}, ${m.permutations} `
    + `permutations (seed ${m.seed}), significant at p ≤ ${m.significanceLevel}, at least ${m.minSegmentRuns} runs `
    + `per level and a step of at least ${m.minChangePercent}% (throughput) or ${m.minLatencyChangePercent}% `
    + '(latency).';
}

function drawChart(canvas, trend) {
  const points = trend.points.filter((p) => p.receivedBitsPerSecond != null)
    .map((p) => ({ x: Date.parse(p.time), y: p.receivedBitsPerSecond / GBIT, run: p }));
  const latency = latencyPoints(trend);
  const throughputLevels = trend.changePoints.map((c) => ({ index: c.index, before: c.beforeBitsPerSecond / GBIT,
    after: c.afterBitsPerSecond / GBIT }));
  const figure = trend.latencyFigure;
  new Chart(canvas, {
    type: 'line',
    data: { datasets: [
      { label: 'received', data: points, showLine: false, pointRadius: 3, backgroundColor: '#2b7bb9',
        borderColor: '#2b7bb9' },
      { label: 'level', data: levels(points, throughputLevels), stepped: 'before', pointRadius: 0,
        borderColor: '#111827', borderWidth: 2 },
      ...(latency.length === 0 ? [] : [
        { label: `${figure.name} (${figure.unit})`, data: latency, yAxisID: 'latency', showLine: false,
          pointRadius: 3, pointStyle: 'triangle', backgroundColor: LATENCY_COLOR, borderColor: LATENCY_COLOR },
        { label: `${figure.name} level`, data: levels(latency, trend.latencyChangePoints), yAxisID: 'latency',
          stepped: 'before', pointRadius: 0, borderColor: LATENCY_COLOR, borderWidth: 2, borderDash: [6, 3] },
      ]),
    ] },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      parsing: false,
      scales: {
        x: { type: 'linear', ticks: { maxTicksLimit: 5, maxRotation: 0, callback: timeLabel(trend) } },
        // a request/response series has no throughput: its latency takes the left
        y: { display: points.length > 0, beginAtZero: true, title: { display: true, text: 'Gbit/s received' },
          suggestedMax: (trend.burstLimitBitsPerSecond ?? 0) / GBIT * 1.1 },
        ...(latency.length > 0 ? { latency: { position: points.length > 0 ? 'right' : 'left', beginAtZero: true,
          title: { display: true, text: `${figure.name} (${figure.unit}), lower is better` },
          grid: { drawOnChartArea: points.length === 0 } } } : {}),
      },
      plugins: {
        annotation: { annotations: annotations(trend) },
        legend: limitLegend({ position: 'bottom' }),
        tooltip: { callbacks: { label: (item) => tooltip(item, figure) } },
      },
    },
  });
  // Tests and screenshots wait for this instead of guessing how long drawing takes.
  canvas.dataset.ready = 'true';
}

/** The series' latency figure per run (the point field the API names), where the runs have it. */
function latencyPoints(trend) {
  const field = trend.latencyFigure?.field;
  if (!field) return [];
  return trend.points.filter((p) => p[field] != null)
    .map((p) => ({ x: Date.parse(p.time), y: p[field], run: p }));
}

/**
 * The level line: each segment's mean, as the API states it, from its first run to the next change point (or the
 * last run); the mean of all runs when there is no change.
 */
function levels(points, changes) {
  if (points.length === 0) return [];
  const line = [];
  let from = 0;
  const cuts = changes.map((c) => c.index);
  const means = [...changes.map((c) => c.before), changes.length ? changes.at(-1).after : mean(points)];
  [...cuts, points.length].forEach((to, i) => {
    line.push({ x: points[from].x, y: means[i] }, { x: points[to - 1].x, y: means[i] });
    from = to;
  });
  return line;
}

/**
 * Limits, change points and driver changes as lines on the plot, each named in the legend (limitLegend) and never on
 * the plot, where a badge covered the runs next to it.
 */
function annotations(trend) {
  const lines = {};
  if (trend.burstLimitBitsPerSecond) {
    lines.burstLimit = limitLine(trend.burstLimitBitsPerSecond, 'burst limit', BURST_COLOR);
  }
  if (trend.baselineBitsPerSecond) {
    lines.baseline = limitLine(trend.baselineBitsPerSecond, 'baseline', BASELINE_COLOR);
  }
  const vertical = (time, name, color, dash) => ({ type: 'line', xMin: Date.parse(time), xMax: Date.parse(time),
    borderColor: color, borderWidth: 2, borderDash: dash, label: { display: false, content: name } });
  trend.changePoints.forEach((c, i) => {
    lines[`change${i}`] = vertical(c.time, `change ${formatPercent(c.changePercent)}`, CHANGE_COLOR, []);
  });
  trend.latencyChangePoints.forEach((c, i) => {
    lines[`latencyChange${i}`] = vertical(c.time, `${trend.latencyFigure.name} ${formatPercent(c.changePercent)}`
      + ` (${c.worse ? 'worse' : 'better'})`, LATENCY_COLOR, []);
  });
  trend.driverChanges.forEach((d, i) => {
    lines[`driver${i}`] = vertical(d.time, `driver ${d.to ?? '(none)'}`, DRIVER_COLOR, [3, 3]);
  });
  return lines;
}

function listChanges(list, trend) {
  if (trend.spread?.summary) {
    const item = document.createElement('li');
    item.textContent = trend.spread.summary;
    item.className = trend.spread.steady ? 'steady' : 'varies';
    list.append(item);
  }
  for (const change of trend.changePoints) {
    add(list, change, change.changePercent < 0, `${change.description} (${formatRate(change.beforeBitsPerSecond)} → `
      + `${formatRate(change.afterBitsPerSecond)}, p = ${change.pValue.toFixed(3)})`);
  }
  for (const change of trend.latencyChangePoints) {
    add(list, change, change.worse, `${change.description} (p = ${change.pValue.toFixed(3)})`);
  }
  if (trend.latencyFigure && trend.latencyChangePoints.length === 0) {
    const item = document.createElement('li');
    item.textContent = `No change point in ${trend.latencyFigure.name}.`;
    item.className = 'steady';
    list.append(item);
  }
}

function add(list, change, worse, text) {
  const item = document.createElement('li');
  item.className = worse ? 'worse' : 'better';
  item.textContent = text;
  item.dataset.runId = String(change.runId);
  list.append(item);
}

function tooltip(item, figure) {
  const run = item.raw.run;
  if (!run) return item.dataset.yAxisID === 'latency' ? formatMs(item.raw.y) : formatRate(item.raw.y * GBIT);
  const job = run.jobId == null ? 'upload' : `job ${run.jobId}`;
  const rate = run.receivedBitsPerSecond == null ? '' : `${formatRate(run.receivedBitsPerSecond)}, `;
  const value = figure && run[figure.field];
  const latency = value == null ? '' : `${figure.name} ${formatMs(value)}, `;
  return `run ${run.runId}: ${rate}${latency}driver ${run.driver ?? '–'}, ${job}`;
}

/** Tick labels as precise as the series' span needs: seconds within an hour, minutes within two days, else dates. */
function timeLabel(trend) {
  const times = trend.points.map((p) => Date.parse(p.time));
  const span = times.length ? times.at(-1) - times[0] : 0;
  const [from, to] = span < 3_600_000 ? [11, 19] : span < 172_800_000 ? [5, 16] : [0, 10];
  return (value) => new Date(value).toISOString().slice(from, to).replace('T', ' ');
}

function mean(points) {
  return points.reduce((sum, p) => sum + p.y, 0) / points.length;
}

function fillForm(formElement, query) {
  for (const name of FIELDS) {
    if (query.get(name) && formElement.elements[name]) {
      formElement.elements[name].value = query.get(name);
    }
  }
}

function showProblem(message) {
  const problem = document.getElementById('trend-problem');
  problem.textContent = message;
  problem.hidden = false;
}
