// One run's page: draws two charts from the public API (/api/v1/runs/{id} and its intervals) and lists the run's
// findings (/api/v1/runs/{id}/findings); the server renders the rest. Chart.js and the annotation plugin come as UMD
// scripts from webjars, loaded before this module.
import { fetchFindings, showFindings } from './findings-list.js';
import { splitStub, stubNote } from './intervals.js';
import { limitLegend, limitLine } from './limit-lines.js';
import { BASELINE_COLOR, BURST_COLOR, SERIES_COLORS } from './palette.js';
import { GBIT, formatMs, formatRate } from './units.js';

const { Chart } = window;
Chart.register(window['chartjs-plugin-annotation']);

const STREAM_COLORS = SERIES_COLORS;
const SUM_COLORS = { upload: '#111827', download: '#b45309' };
const BAR_COLORS = { upload: '#64748b', download: '#d97706' };
const section = document.querySelector('[data-run-id]');
// A line of a long run is thinned on the server to this many points, each bucket's slowest and fastest interval, so
// that a 240 s run at 0.1 s draws as fast as a short one and still shows its drops; the CSV and API keep every row.
const MAX_POINTS = 2000;
// Each stream's own line, drawn under the sums, at fewer points: eight of them at the sums' 2,000 would be most of
// an hour-long run's page for lines that overlap in one band; their buckets still keep the slowest and fastest.
const STREAM_POINTS = 500;

main().catch((error) => showProblem(`The charts could not be drawn: ${error.message}`));
fetchFindings(section.dataset.runId).then((findings) => showFindings(document.getElementById('findings'), findings))
  .catch(() => showFindings(document.getElementById('findings'), []));

async function main() {
  if (section.dataset.requestResponse === 'true') {
    return; // transactions, no throughput: run-latency.js draws what the run holds
  }
  const id = section.dataset.runId;
  // The default side is what arrived (the receiver's rows where the run has them): every stream's line, and the sums
  // at more points. The sender's sums come as well, for the lighter "sent" line and the retransmits (the only sender
  // rows drawn).
  const [run, streamRows, sumRows, senderRows] = await Promise.all([fetchJson(`/api/v1/runs/${id}`),
    fetchJson(`/api/v1/runs/${id}/intervals?maxPoints=${STREAM_POINTS}`),
    fetchJson(`/api/v1/runs/${id}/intervals?stream=sum&maxPoints=${MAX_POINTS}`),
    fetchJson(`/api/v1/runs/${id}/intervals?side=sender&stream=sum&maxPoints=${MAX_POINTS}`)]);
  const rows = [...streamRows.filter((row) => row.stream !== 'sum'), ...sumRows];
  // Omitted intervals (-O) restart at 0 s and would overlap the measured ones; iperf3 leaves them out of its sums too.
  const measured = rows.filter((row) => !row.omitted);
  const omitted = countIntervals(rows.filter((row) => row.omitted));
  const chart = throughputChart(run, measured);
  chart.data.datasets.push(...sentDatasets(measured, senderRows.filter((row) => !row.omitted)));
  const leftOut = chart.data.datasets.filter((dataset) => dataset.stub).map((dataset) => ({ stub: dataset.stub }));
  note('throughput-note', [omitted > 0 ? `${omitted} omitted interval(s) (-O) are not shown.` : '',
    sideNote(measured), stubNote(leftOut)].filter((text) => text).join(' '));
  draw(document.getElementById('throughput-chart'), chart);
  // Retransmits are counted by the sender; jitter and loss by the receiver.
  const sent = senderRows.filter((row) => !row.omitted);
  const detail = run.protocol === 'TCP'
    ? retransmitChart(run, sent.some((row) => row.retransmits != null) ? sent : measured) : udpChart(measured);
  document.getElementById('detail-title').textContent = detail.title;
  if (detail.note) {
    note('detail-note', detail.note);
  }
  draw(document.getElementById('detail-chart'), detail.config);
}

async function fetchJson(url) {
  const response = await fetch(url, { headers: { Accept: 'application/json' } });
  if (!response.ok) {
    throw new Error(`${url} answered ${response.status}`);
  }
  return response.json();
}

function draw(canvas, config) {
  new Chart(canvas, config);
  // Tests and screenshots wait for this instead of guessing how long drawing takes.
  canvas.dataset.ready = 'true';
}

function throughputChart(run, rows) {
  const bidir = run.direction === 'bidir';
  const datasets = groupRows(rows).map((series, index) => lineDataset(series, index, bidir));
  const burst = run.burstLimitBitsPerSecond;
  return {
    type: 'line',
    data: { datasets },
    options: baseOptions({
      x: { type: 'linear', title: { display: true, text: 'seconds' }, beginAtZero: true },
      y: {
        beginAtZero: true,
        suggestedMax: burst ? (burst / GBIT) * 1.1 : undefined,
        title: { display: true, text: 'Gbit/s' },
      },
    }, {
      annotation: { annotations: limitLines(run) },
      tooltip: { callbacks: { label: (item) => `${item.dataset.label}: ${formatRate(item.raw.bits)}` } },
    }),
  };
}

/**
 * What was sent, as a lighter dashed line per direction, where the chart's main lines are the receiver's: the gap
 * between the two is what the path or the receiver lost (a UDP sender at 1 Gbit/s while 654 Mbit/s arrived).
 */
function sentDatasets(received, senderRows) {
  const receivedDirections = new Set(received.filter((row) => row.side === 'receiver').map((row) => row.direction));
  return [...receivedDirections].map((direction) => {
    const { drawn, stub } = splitStub(senderRows.filter((row) => row.stream === 'sum' && row.direction === direction));
    const color = `${SUM_COLORS[direction] ?? SUM_COLORS.upload}66`;
    return {
      label: receivedDirections.size > 1 || direction === 'download' && received.some((r) => r.direction === 'upload')
        ? `sent ${direction}` : 'sent',
      stream: 'sent',
      direction,
      data: drawn.map((row) => ({ x: row.end, y: row.bitsPerSecond / GBIT, bits: row.bitsPerSecond })),
      stub,
      borderColor: color,
      backgroundColor: color,
      borderWidth: 2,
      borderDash: [6, 4],
      pointRadius: 0,
    };
  }).filter((dataset) => dataset.data.length > 0);
}

/** Says whose report each direction's lines are, so that no one reads a sender's rate as what arrived. */
function sideNote(rows) {
  const sentOnly = [...new Set(rows.filter((row) => row.side === 'sender').map((row) => row.direction))];
  if (sentOnly.length === 0) {
    return 'Lines are what the receiver got; the dashed line is what was sent.';
  }
  return `The ${sentOnly.join(' and ')} lines are the sender's report (the run has no receiver intervals: iperf3 `
    + 'ran without --get-server-output), so they show what was sent, not what arrived; the summary\'s received '
    + 'figure is the receiver\'s.';
}

/** One series per stream and direction, streams first and each direction's sum last, as iperf3 prints them. */
function groupRows(rows) {
  const series = new Map();
  for (const row of rows) {
    const key = `${row.direction}|${row.stream}`;
    if (!series.has(key)) {
      series.set(key, { stream: row.stream, direction: row.direction, rows: [] });
    }
    series.get(key).rows.push(row);
  }
  return [...series.values()].sort((a, b) => (a.stream === 'sum') - (b.stream === 'sum'));
}

function lineDataset(series, index, bidir) {
  const sum = series.stream === 'sum';
  const color = sum ? SUM_COLORS[series.direction] ?? SUM_COLORS.upload : STREAM_COLORS[index % STREAM_COLORS.length];
  const name = sum ? 'received' : `stream ${series.stream}`;
  const { drawn, stub } = splitStub(series.rows);
  return {
    label: bidir ? `${name} ${series.direction}` : name,
    stream: series.stream,
    direction: series.direction,
    data: drawn.map((row) => ({ x: row.end, y: row.bitsPerSecond / GBIT, bits: row.bitsPerSecond })),
    stub, // the sliver interval left out (see intervals.js), for the note under the chart
    borderColor: color,
    backgroundColor: color,
    borderWidth: sum ? 3 : 1.5,
    borderDash: !sum && series.direction === 'download' && bidir ? [4, 3] : [],
    pointRadius: sum ? 3 : 2,
  };
}

function limitLines(run) {
  const lines = {};
  if (run.burstLimitBitsPerSecond != null) {
    lines.burstLimit = limitLine(run.burstLimitBitsPerSecond, 'burst limit', BURST_COLOR);
  }
  if (run.baselineBitsPerSecond != null) {
    lines.baseline = limitLine(run.baselineBitsPerSecond, 'baseline', BASELINE_COLOR);
  }
  return lines;
}

function retransmitChart(run, rows) {
  const sums = rows.filter((row) => row.stream === 'sum' && row.retransmits != null);
  const directions = [...new Set(sums.map((row) => row.direction))];
  const datasets = directions.map((direction) => barDataset(
    run.direction === 'bidir' ? `retransmits ${direction}` : 'retransmits',
    sums.filter((row) => row.direction === direction), (row) => row.retransmits, BAR_COLORS[direction]));
  return {
    title: 'Retransmits per interval (all streams)',
    note: retransmitNote(sums),
    config: barChart(datasets, 'retransmits'),
  };
}

function retransmitNote(sums) {
  if (sums.length === 0) {
    return 'iperf3 printed no retransmit counts for these intervals.';
  }
  return sums.every((row) => row.retransmits === 0) ? 'No retransmits in any interval.' : null;
}

function udpChart(rows) {
  const sums = rows.filter((row) => row.stream === 'sum');
  const hasJitter = sums.some((row) => row.jitterMs != null);
  const hasLoss = sums.some((row) => row.lostPackets != null);
  if (!hasJitter && !hasLoss) {
    return {
      title: 'Packets per interval',
      note: 'These intervals are the sending side\'s, which count packets only; jitter and packet loss are in '
        + 'the summary table.',
      config: barChart([barDataset('packets', sums, (row) => row.packets, '#2b7bb9')], 'packets'),
    };
  }
  const jitter = {
    type: 'line', label: 'jitter (ms)', yAxisID: 'ms', borderColor: '#8e44ad', backgroundColor: '#8e44ad',
    data: sums.map((row) => ({ x: intervalLabel(row), y: row.jitterMs })),
  };
  const lost = barDataset('lost packets', sums, (row) => row.lostPackets, '#c0392b');
  const config = barChart([jitter, lost], 'lost packets');
  config.options.scales.ms = { position: 'right', beginAtZero: true, title: { display: true, text: 'ms' },
    grid: { drawOnChartArea: false }, ticks: { callback: (value) => formatMs(value) } };
  return { title: 'Jitter and lost packets per interval', note: null, config };
}

function barDataset(label, rows, value, color) {
  return {
    type: 'bar', label, backgroundColor: color, borderColor: color,
    data: rows.map((row) => ({ x: intervalLabel(row), y: value(row) })),
  };
}

function barChart(datasets, yTitle) {
  return {
    type: 'bar',
    data: { datasets },
    options: baseOptions({
      x: { type: 'category', title: { display: true, text: 'interval end (seconds)' } },
      y: { beginAtZero: true, title: { display: true, text: yTitle }, ticks: { precision: 0 } },
    }, {}),
  };
}

function baseOptions(scales, plugins) {
  return {
    animation: false,
    responsive: true,
    maintainAspectRatio: false,
    interaction: { mode: 'nearest', intersect: false },
    scales,
    plugins: { legend: limitLegend({ position: 'bottom', labels: { boxWidth: 12 } }), ...plugins },
  };
}

function intervalLabel(row) {
  return row.end.toFixed(1);
}

function countIntervals(rows) {
  return new Set(rows.map((row) => row.interval)).size;
}

function note(id, text) {
  document.getElementById(id).textContent = text;
}

function showProblem(text) {
  const problem = document.getElementById('chart-problem');
  problem.textContent = text;
  problem.hidden = false;
}
