// One job's page: scenario states and a live throughput chart, both fed by the job's server-sent events
// (/api/v1/jobs/{id}/events): 'job' events carry the whole job, 'samples' events the running scenario's samples.
// Chart.js comes as a UMD script from its webjar, loaded before this module.
// First: the results listen for the 'burstline:job' events this module relays; as a script of its own it could run
// after the stream's first event, which a finished job sends only once.
import './job-results.js';
import { splitStub, stubNote } from './intervals.js';
import { SERIES_COLORS as COLORS } from './palette.js';

const { Chart } = window;
const section = document.querySelector('[data-job-id]');
const jobId = section.dataset.jobId;
// Live sources that are the measuring tool's own intervals (LiveSamples.FROM_TOOL, FROM_ENGINE); any other source is
// the interface counters.
const OWN_LIVE_SOURCES = {
  iperf3: 'Live figures from iperf3 itself (--json-stream), one point per interval.',
  'burstline-java': 'Live figures from the agent\'s own engine, one point per interval.',
};

const rows = [...document.querySelectorAll('[data-scenario-id]')];
// The x axis spans the longest scenario from the start, so the first samples do not fill the chart on their own.
const longest = Math.max(1, ...rows.map((row) => Number(row.dataset.durationSeconds) || 0));

const narrow = window.matchMedia('(max-width: 600px)').matches;
const chart = new Chart(document.getElementById('live-chart'), {
  type: 'line',
  data: { datasets: [] },
  options: {
    animation: false,
    parsing: false,
    maintainAspectRatio: false,
    // On a phone the legend (a line per scenario) goes under the plot in small type, so that the plot keeps its
    // height instead of shrinking under six lines of names.
    plugins: { legend: narrow ? { position: 'bottom', labels: { boxWidth: 10, font: { size: 10 } } } : {} },
    scales: {
      x: { type: 'linear', min: 0, suggestedMax: longest, title: { display: true, text: 'seconds into the scenario' } },
      y: { beginAtZero: true, title: { display: true, text: 'Gbit/s' } },
    },
  },
});
const datasets = new Map(); // scenario id -> Chart.js dataset of its "sum" samples
const storedLines = new Set(); // scenario ids whose line is their stored run's, no longer the live samples
const leftOut = new Map(); // line key -> { stub, of, run }: the sliver a finished scenario's line leaves out
let liveSeen = false; // once live samples arrive, the hint speaks of them
const scenarioNames = new Map();
for (const row of rows) {
  scenarioNames.set(row.dataset.scenarioId, row.dataset.label);
}

const events = new EventSource(`/api/v1/jobs/${jobId}/events`);
events.addEventListener('job', (event) => showJob(JSON.parse(event.data)));
events.addEventListener('samples', (event) => addSamples(JSON.parse(event.data)));

/** Draws the job as its event says it is, and hands it on to the results beside the chart (job-results.js). */
function showJob(job) {
  document.dispatchEvent(new CustomEvent('burstline:job', { detail: job }));
  showStatus(document.getElementById('job-status'), job.status);
  document.getElementById('job-status').dataset.finished = String(job.finished);
  const error = document.getElementById('job-error');
  error.hidden = !job.error;
  error.textContent = job.error || '';
  showHistory(job.history || []);
  for (const scenario of job.scenarios) {
    const row = section.querySelector(`[data-scenario-id="${scenario.id}"]`);
    if (!row) {
      continue;
    }
    showStatus(row.querySelector('[data-field="status"]'), scenario.status);
    showProbe(scenario);
    row.querySelector('[data-field="error"]').textContent = scenario.error || scenario.note || '';
    const run = row.querySelector('[data-field="run"]');
    if (scenario.runId && !storedLines.has(String(scenario.id))) {
      // a stored run replaces its live line: the chart shows what the tables say was received
      showStoredRun(scenario);
    }
    const shownLink = run.querySelector('a');
    if (scenario.runId && (!shownLink || shownLink.getAttribute('href') !== `/runs/${scenario.runId}`)) {
      // a late result replaces the partial run of a scenario that had failed
      const link = document.createElement('a');
      link.href = `/runs/${scenario.runId}`;
      link.textContent = `run #${scenario.runId}`;
      run.replaceChildren(link);
    }
  }
  cooling = job.coolingDown;
  showCooling();
  const cancel = document.getElementById('cancel-job');
  if (cancel) {
    cancel.hidden = job.finished;
  }
  if (job.finished) {
    events.close(); // nothing more will happen; the browser would otherwise reconnect forever
  }
}

/** Restarts, take-overs and resumes, in the server's words ("server a restarted at …", "resumed at scenario 4"). */
function showHistory(history) {
  document.getElementById('job-history').hidden = history.length === 0;
  document.getElementById('job-history-list').replaceChildren(...history.map((entry) => {
    const item = document.createElement('li');
    item.textContent = entry.text;
    return item;
  }));
}

/** A burst probe's figures in words, once its scenario ended (the server words them as an estimate). */
function showProbe(scenario) {
  const item = section.querySelector(`[data-probe-of="${scenario.id}"] [data-field="probe"]`);
  if (item && scenario.probe) {
    item.textContent = scenario.probe.summary;
  } else if (item && scenario.finished) {
    item.textContent = 'no probe: the scenario did not succeed';
  }
}

/**
 * "Cooling down 120 s before scenario 4 (TCP 1 stream upload on a → b): it starts at 10:02:03 UTC, in 45 s", counted
 * down each second while the job waits for its hosts to rest.
 */
let cooling = null;
const coolingNote = document.getElementById('job-cooling');
if (coolingNote.dataset.until) {
  cooling = { until: coolingNote.dataset.until, scenarioId: Number(coolingNote.dataset.nextScenario),
    seconds: Number(coolingNote.dataset.seconds) };
}
function showCooling() {
  coolingNote.hidden = !cooling;
  if (!cooling) {
    return;
  }
  const until = new Date(cooling.until);
  const left = Math.max(0, Math.ceil((until.getTime() - Date.now()) / 1000));
  const row = section.querySelector(`[data-scenario-id="${cooling.scenarioId}"]`);
  const which = row ? `scenario ${row.dataset.number} (${row.dataset.where})` : 'the next scenario';
  coolingNote.textContent = `Cooling down ${cooling.seconds} s before ${which} so the hosts' burst credits refill: `
    + `it starts at ${until.toISOString().slice(11, 19)} UTC, in ${left} s.`;
}
showCooling();
setInterval(() => { if (cooling) showCooling(); }, 1000);

/** The badge's text, and its colour through data-status. */
function showStatus(badge, status) {
  badge.textContent = status;
  badge.dataset.status = status;
}

/** The chart's line for a scenario (and, for --bidir, a direction), made on first use. */
function datasetOf(key, suffix = '') {
  if (!datasets.has(key)) {
    const color = COLORS[datasets.size % COLORS.length];
    const name = scenarioNames.get(key.split('|')[0]) || `scenario ${key}`;
    const dataset = { label: `${name}${suffix}`, data: [], borderColor: color, backgroundColor: color,
      pointRadius: 2 };
    datasets.set(key, dataset);
    chart.data.datasets.push(dataset);
  }
  return datasets.get(key);
}

/**
 * A scenario whose run is stored: its run's per-interval sums as received (the API's default side), one line per
 * direction, so that a --bidir run shows each direction on its own instead of their total. They replace the live
 * samples, which were the sender's counters or the tool's interim figures: the run's figures are what it is judged by.
 */
async function showStoredRun(scenario) {
  const key = String(scenario.id);
  storedLines.add(key);
  const response = await fetch(`/api/v1/runs/${scenario.runId}/intervals`);
  if (!response.ok) {
    storedLines.delete(key); // the next job event tries again
    return;
  }
  const wasLive = datasets.has(key) && datasets.get(key).data.length > 0;
  datasetOf(key).label = scenarioNames.get(key) || `scenario ${key}`;
  for (const [lineKey, dataset] of datasets) {
    if (lineKey === key || lineKey.startsWith(`${key}|`)) {
      dataset.data = [];
    }
  }
  const sums = (await response.json()).filter((row) => row.stream === 'sum' && !row.omitted);
  const directions = [...new Set(sums.map((row) => row.direction))];
  directions.forEach((direction, index) => {
    const points = index === 0 ? datasets.get(key).data : datasetOf(`${key}|${direction}`, ` (${direction})`).data;
    if (index === 0 && directions.length > 1) {
      datasets.get(key).label += ` (${direction})`;
    }
    const { drawn, stub } = splitStub(sums.filter((r) => r.direction === direction));
    for (const row of drawn) {
      points.push({ x: row.end, y: row.bitsPerSecond / 1e9 });
    }
    if (stub) {
      leftOut.set(`${key}|${direction}`, { stub, of: scenarioLabel(key, directions.length > 1 ? direction : ''),
        run: scenario.runId });
    }
  });
  showLeftOut();
  // how many lines are their stored runs', for a reader (or a test) that waits for the chart to settle
  const canvas = document.getElementById('live-chart');
  canvas.dataset.storedRuns = String(Number(canvas.dataset.storedRuns ?? 0) + 1);
  document.getElementById('live-source').textContent = wasLive || liveSeen
    ? 'Each scenario shows its live figures while it runs, then its stored run\'s own per-interval figures, as '
      + 'received.'
    : 'Scenarios that ended before this page opened show the measuring tool\'s own per-interval figures from their '
      + 'runs, as received.';
  chart.update();
}

/** "scenario 2", or "scenario 2 download" for one direction of a --bidir scenario, as the table numbers them. */
function scenarioLabel(key, direction) {
  const row = section.querySelector(`[data-scenario-id="${key}"]`);
  const label = `scenario ${row ? row.dataset.number : key}`;
  return direction ? `${label} ${direction}` : label;
}

/** The note names the left-out intervals in the table's order, whichever run's intervals arrived first. */
function showLeftOut() {
  const order = [...scenarioNames.keys()];
  const position = (lineKey) => order.indexOf(lineKey.split('|')[0]);
  const items = [...leftOut.entries()].sort(([a], [b]) => position(a) - position(b)).map(([, item]) => item);
  const note = document.getElementById('live-note');
  note.textContent = stubNote(items);
  note.hidden = leftOut.size === 0;
}

/**
 * The live line of a scenario, or of one direction of a --bidir scenario: the upload keeps the scenario's own line
 * (named for its direction), the download gets one of its own, as showFinishedRun draws the stored run.
 */
function liveDataset(key, direction) {
  const own = datasetOf(key);
  if (!direction) {
    return own;
  }
  if (direction === 'upload') {
    if (!own.label.endsWith(' (upload)')) {
      own.label += ' (upload)';
    }
    return own;
  }
  return datasetOf(`${key}|${direction}`, ` (${direction})`);
}

function addSamples(batch) {
  const key = String(batch.scenarioId);
  if (storedLines.has(key)) {
    return; // a late batch: the stored run's line stays
  }
  liveSeen = true;
  datasetOf(key);
  for (const sample of batch.samples.filter((s) => s.stream === 'sum' || s.stream == null)) {
    const points = liveDataset(key, sample.direction).data;
    if (!points.some((point) => point.x === sample.end)) {
      points.push({ x: sample.end, y: sample.bitsPerSecond / 1e9 });
      points.sort((a, b) => a.x - b.x);
    }
  }
  document.getElementById('live-source').textContent = batch.source in OWN_LIVE_SOURCES
    ? OWN_LIVE_SOURCES[batch.source]
    : 'Live figures from the SUT\'s interface byte counters, one point per interval: this iperf3 prints nothing '
      + 'until the end, and the counters include any other traffic on that interface. Each run keeps iperf3\'s own '
      + 'figures.';
  chart.update();
}
