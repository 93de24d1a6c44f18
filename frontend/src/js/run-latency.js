// The run page's latency panel, from /api/v1/runs/{id}/latency: the probe's idle and loaded round trips (or a
// request/response scenario's transactions) as a table, and the samples per interval as a chart under the
// throughput. The server computes and words every figure, ratio and the probe's own traffic (each figures' `text`,
// the latency's `text`); this draws them, and formats only the chart's axis.
import { formatMs } from './units.js';

const { Chart } = window;
const section = document.querySelector('[data-run-id]');
const panel = document.getElementById('latency-panel');
const LINES = [
  { key: 'p50Ms', label: 'p50', color: '#2b7bb9', width: 2 },
  { key: 'p99Ms', label: 'p99', color: '#d6336c', width: 2 },
  { key: 'maxMs', label: 'max', color: '#8d6e63', width: 1, dash: [4, 3] },
];
const COLUMNS = [['p50', 'p50'], ['p90', 'p90'], ['p99', 'p99'], ['p99.9', 'p999'], ['max', 'max']];

main().catch((error) => {
  panel.hidden = false;
  note(`The latency could not be shown: ${error.message}`);
});

async function main() {
  const response = await fetch(`/api/v1/runs/${section.dataset.runId}/latency`,
    { headers: { Accept: 'application/json' } });
  if (!response.ok) {
    throw new Error(`/api/v1/runs/${section.dataset.runId}/latency answered ${response.status}`);
  }
  const latency = await response.json();
  panel.hidden = false;
  if (latency.kind === null) {
    document.getElementById('latency-box').hidden = true;
    note(section.dataset.jobRun === 'true'
      ? 'No latency figures: the job ran this scenario with the loaded-latency probe turned off.'
      : 'No latency figures: uploaded iperf3 output holds none (iperf3 does not measure latency); a job\'s runs '
        + 'carry them from the agents\' probe.');
    return;
  }
  const rows = latency.kind === 'request-response'
    ? [['transactions', latency.transactions]]
    : [['idle', latency.idle], ['loaded', latency.loaded], ['one-way rise, upload', latency.uploadRise],
      ['one-way rise, download', latency.downloadRise]];
  fillTable(rows.filter(([, figures]) => figures), latency);
  note(latency.text.about);
  drawChart(latency);
}

function fillTable(rows, latency) {
  const table = document.getElementById('latency-table');
  const head = document.createElement('tr');
  head.append(th(''), ...COLUMNS.map(([label]) => th(label, 'num')), th('lost', 'num'));
  table.tHead.replaceChildren(head);
  const body = rows.map(([name, figures]) => {
    const tr = document.createElement('tr');
    tr.dataset.figure = name;
    tr.append(th(name, null, 'row'), ...COLUMNS.map(([label, key]) => td(figures.text[key], label)),
      td(figures.text.lost, 'lost'));
    return tr;
  });
  if (latency.kind === 'loaded-latency') {
    const ratio = document.createElement('tr');
    ratio.dataset.figure = 'ratio';
    ratio.append(th('loaded ÷ idle', null, 'row'), td(latency.text.p50Ratio, 'p50'), td(''),
      td(latency.text.p99Ratio, 'p99'), td(''), td(''), td(''));
    body.splice(2, 0, ratio);
  }
  table.tBodies[0].replaceChildren(...body);
}

function drawChart(latency) {
  const samples = latency.samples.filter((sample) => sample.answered > 0 || sample.lost > 0);
  const canvas = document.getElementById('latency-chart');
  if (samples.length === 0) {
    document.getElementById('latency-chart-box').hidden = true;
    return;
  }
  const datasets = LINES.map((line) => ({
    type: 'line', label: `${line.label} (ms)`, yAxisID: 'y', borderColor: line.color, backgroundColor: line.color,
    borderWidth: line.width, borderDash: line.dash ?? [], pointRadius: 1.5,
    data: samples.map((sample) => ({ x: sample.end, y: sample[line.key] })),
  }));
  if (samples.some((sample) => sample.lost > 0)) {
    datasets.push({ type: 'bar', label: 'lost', yAxisID: 'lost', backgroundColor: '#c0392b88',
      data: samples.map((sample) => ({ x: sample.end, y: sample.lost })) });
  }
  const scales = {
    x: { type: 'linear', title: { display: true, text: latency.kind === 'loaded-latency'
      ? 'seconds (negative: the idle window before the bulk traffic)' : 'seconds' } },
    y: { type: 'logarithmic', title: { display: true, text: 'round trip (ms, log scale)' },
      ticks: { callback: (value) => formatMs(value) } },
  };
  if (datasets.length > LINES.length) {
    scales.lost = { position: 'right', beginAtZero: true, title: { display: true, text: 'lost' },
      grid: { drawOnChartArea: false }, ticks: { precision: 0 } };
  }
  new Chart(canvas, {
    type: 'line',
    data: { datasets },
    options: {
      animation: false, responsive: true, maintainAspectRatio: false,
      interaction: { mode: 'nearest', intersect: false }, scales,
      plugins: { legend: { position: 'bottom', labels: { boxWidth: 12 } } },
    },
  });
  canvas.dataset.ready = 'true';
}

function th(text, className, scope = 'col') {
  const cell = document.createElement('th');
  cell.scope = scope;
  cell.textContent = text;
  if (className) {
    cell.className = className;
  }
  return cell;
}

function td(text, label) {
  const cell = document.createElement('td');
  cell.className = 'num';
  cell.dataset.label = label;
  cell.textContent = text;
  return cell;
}

function note(text) {
  document.getElementById('latency-note').textContent = text;
}
