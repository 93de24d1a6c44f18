// One job's page, beside the live chart (job-page.js): the burst and baseline lines on that chart, progress with
// the time left, and the answer above the chart: TCP and UDP results tables (each run's figures, its findings as
// badges) and the job's findings once each, naming the scenarios they cover. It asks the same API users call
// (/api/v1/jobs/{id}, /api/v1/runs/{id}, /api/v1/runs/{id}/findings, /api/v1/jobs/{id}/findings) every two seconds
// until the job has ended.
import { fetchFindings } from './findings-list.js';
import { showJobFindings } from './job-findings.js';
import { isFinished, progressOf, progressText } from './job-progress.js';
import { addLimitLines } from './limit-lines.js';
import { formatMs, formatPercent, formatRate, formatRatio } from './units.js';

const POLL_MS = 2000;
const section = document.querySelector('[data-job-id]');
const jobId = section.dataset.jobId;
const shown = new Set(); // run ids already in the results table
const drivers = new Map(); // SUT -> the drivers its runs were measured with, as labelled
const instanceTypes = new Set(); // the instance types this job's runs are labelled with
let findingsOf = 0; // how many runs the job's findings shown were drawn from

addLimitLines(document.getElementById('live-chart'), Number(section.dataset.burstBps),
  Number(section.dataset.baselineBps));
refresh();

async function refresh() {
  let job = null;
  try {
    const response = await fetch(`/api/v1/jobs/${jobId}`, { headers: { Accept: 'application/json' } });
    job = response.ok ? await response.json() : null;
  } catch {
    job = null; // the next round tries again
  }
  if (job) {
    showProgress(job);
    await showResults(job);
  }
  if (!job || !isFinished(job)) {
    setTimeout(refresh, POLL_MS);
  } else {
    offerDriverComparison();
  }
}

/**
 * "Driver A vs driver B" in one click: Compare grouped by driver over every run of this job's pair, whichever job
 * measured it; when that pair has only ever had one driver, over every run of the same instance type, since a team
 * compares drivers on one kind of instance. With one driver even there, the line says so and offers the relabel
 * form (two builds a host cannot tell apart carry the same driver until labelled).
 */
async function offerDriverComparison() {
  const item = document.getElementById('compare-drivers');
  const pairs = item.dataset.pairs ? item.dataset.pairs.split(',') : [];
  if (pairs.length !== 1) {
    return;
  }
  const byPair = await driversOf({ groupBy: 'driver', pair: pairs[0] });
  if (byPair === null) {
    return;
  }
  const instanceType = instanceTypes.size === 1 ? [...instanceTypes][0] : null;
  const byType = byPair.drivers.length < 2 && instanceType ? await driversOf({ groupBy: 'driver', instanceType })
    : null;
  const best = byType && byType.drivers.length >= 2 ? { ...byType, where: instanceType } : { ...byPair, where: pairs[0] };
  if (best.drivers.length >= 2) {
    const link = document.createElement('a');
    link.href = `/compare?${best.query}`;
    link.textContent = `Compare drivers on ${best.where}: ${best.drivers.map(([, label]) => label.replace(/^driver /, ''))
      .join(' vs ')}`;
    item.replaceChildren(link);
  } else if (best.drivers.length === 1) {
    const relabel = document.getElementById('job-labels-edit');
    item.append(`Compare drivers: every run on ${pairs[0]}${instanceType ? ` and every ${instanceType}` : ''} has `
      + best.drivers[0][1]);
    if (relabel) {
      const link = document.createElement('a');
      link.href = '#job-labels-edit';
      link.textContent = 'relabel this job\'s runs';
      link.addEventListener('click', () => { relabel.open = true; });
      item.append(' (', link, ' to tell builds apart)');
    }
  } else {
    return;
  }
  item.hidden = false;
}

/**
 * The driver groups Compare finds for a selection, as [driver, label ("driver ENA ARM64 2.2.1")], or null. When
 * this job's runs have one driver, it is the baseline and comes first: the others are measured against it.
 */
async function driversOf(selection) {
  const query = new URLSearchParams(selection);
  const response = await fetch(`/api/v1/compare?${query}`, { headers: { Accept: 'application/json' } });
  if (!response.ok) {
    return null;
  }
  const result = await response.json();
  const found = [...new Map(result.scenarios.flatMap((s) => s.groups).map((g) => [g.group, g.label])).entries()];
  const own = new Set([...drivers.values()].flatMap((names) => [...names]));
  const baseline = own.size === 1 ? found.find(([driver]) => own.has(driver)) : undefined;
  if (baseline && found.length >= 2) {
    query.set('baseline', baseline[0]);
    return { query, drivers: [baseline, ...found.filter((entry) => entry !== baseline)] };
  }
  return { query, drivers: found };
}

function showProgress(job) {
  const progress = progressOf(job);
  // a job that succeeded says so in its heading; the bar would only push the answer down
  document.getElementById('job-progress').hidden = job.status === 'SUCCEEDED';
  const bar = document.getElementById('job-progress-bar');
  bar.value = progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  document.getElementById('job-progress-text').textContent = progressText(job, progress);
}

async function showResults(job) {
  for (const scenario of job.scenarios.filter((s) => s.runId && !shown.has(s.runId))) {
    shown.add(scenario.runId);
    const [run, findings, latency] = await Promise.all([fetchRun(scenario.runId), fetchFindings(scenario.runId),
      fetchLatency(scenario.runId)]);
    if (run) {
      const table = latency?.kind === 'request-response' ? 'rr' : run.protocol === 'UDP' ? 'udp' : 'tcp';
      const row = { rr: rrRow, udp: udpRow, tcp: tcpRow }[table](scenario, run, findings, latency);
      document.getElementById(`results-${table}`).tBodies[0].append(row);
      document.getElementById(`results-${table}-box`).hidden = false;
      document.getElementById('results-empty').hidden = true;
      noteDriver(run);
    }
  }
  if (findingsOf !== shown.size && await showJobFindings(jobId)) {
    findingsOf = shown.size;
  }
  if (!addLimitLinesFromRuns.done && shown.size > 0 && !section.dataset.burstBps) {
    addLimitLinesFromRuns();
  }
}

/** No catalog entry for the SUT when the page was made: the stored runs' limits are the ones they are judged by. */
async function addLimitLinesFromRuns() {
  addLimitLinesFromRuns.done = true;
  const run = await fetchRun([...shown][0]);
  if (run) {
    addLimitLines(document.getElementById('live-chart'), run.burstLimitBitsPerSecond, run.baselineBitsPerSecond);
  }
}

async function fetchRun(runId) {
  const response = await fetch(`/api/v1/runs/${runId}`, { headers: { Accept: 'application/json' } });
  return response.ok ? response.json() : null;
}

/** The run's latency without its samples' use here: the row shows the summary figures only. */
async function fetchLatency(runId) {
  const response = await fetch(`/api/v1/runs/${runId}/latency`, { headers: { Accept: 'application/json' } });
  return response.ok ? response.json() : null;
}

function tcpRow(scenario, run, findings, latency) {
  return row(run, [
    cell('#', String(scenario.position + 1)),
    cell('Scenario', scenarioCell(scenario, run), 'text'),
    cell('Direction', run.direction),
    cell('Measured by', `${run.tool} ${run.toolVersion ?? ''}`.trim()),
    cell('Sent', sent(run), 'num'),
    cell('Received', received(run), 'num'),
    cell('% of burst', run.percentOfBurstLimit == null ? '–' : formatPercent(run.percentOfBurstLimit), 'num'),
    cell('Retransmits', run.retransmits == null ? '–' : run.retransmits.toLocaleString('en-US'), 'num'),
    cell('p99 under load', loadedLatency(latency), 'num'),
    cell('Findings', findingBadges(findings)),
  ]);
}

/** UDP is judged against its own target (-b) by what was sent; loss is of what was sent. */
function udpRow(scenario, run, findings, latency) {
  // iperf3's -b is each stream's: -P 2 -b 50M aims for 100 Mbit/s in all
  const streams = Math.max(1, run.streams ?? 1);
  const target = run.targetBitsPerSecond == null ? null : run.targetBitsPerSecond * streams;
  const sent = run.sentBitsPerSecond;
  return row(run, [
    cell('#', String(scenario.position + 1)),
    cell('Scenario', scenarioCell(scenario, run), 'text'),
    cell('Direction', run.direction),
    cell('Measured by', `${run.tool} ${run.toolVersion ?? ''}`.trim()),
    cell('Target', !target ? '–' : streams > 1
      ? `${formatRate(target)} (${streams} × ${formatRate(run.targetBitsPerSecond)})` : formatRate(target), 'num'),
    cell('Sent', sent == null ? 'unknown' : formatRate(sent), 'num'),
    cell('% of target', target && sent != null ? formatPercent(100 * sent / target) : '–', 'num'),
    cell('Received', run.receivedBitsPerSecond == null ? 'unknown' : received(run), 'num'),
    cell('Loss / jitter', `${formatPercent(run.lostPercent)} / ${formatMs(run.jitterMs)}`, 'num'),
    cell('p99 under load', loadedLatency(latency), 'num'),
    cell('Findings', findingBadges(findings)),
  ]);
}

/** A UDP_RR or TCP_RR run: transactions, their round trips and both ends' CPU; no throughput. */
function rrRow(scenario, run, findings, latency) {
  const t = latency.transactions ?? {};
  return row(run, [
    cell('#', String(scenario.position + 1)),
    cell('Scenario', scenarioCell(scenario, run), 'text'),
    cell('Measured by', `${run.tool} ${run.toolVersion ?? ''}`.trim()),
    cell('Transactions/s', Number.isFinite(latency.transactionsPerSecond)
      ? latency.transactionsPerSecond.toLocaleString('en-US', { maximumFractionDigits: 0 }) : '–', 'num'),
    cell('p50', formatMs(t.p50Ms), 'num'),
    cell('p99', formatMs(t.p99Ms), 'num'),
    cell('p99.9', formatMs(t.p999Ms), 'num'),
    cell('Lost', t.lost == null ? '–' : t.lost.toLocaleString('en-US'), 'num'),
    cell('CPU client / server', `${formatPercent(latency.clientCpuPercent)} / ${formatPercent(
      latency.serverCpuPercent)}`, 'num'),
    cell('Findings', findingBadges(findings)),
  ]);
}

/**
 * "65 ms (×226)": the probe's p99 under load and its ratio to idle, the idle p99 in the title; "not measured" when
 * the job had no probe. Short, so that the table keeps to the width of the page.
 */
function loadedLatency(latency) {
  if (!latency || latency.kind !== 'loaded-latency' || !latency.loaded) {
    return latency && latency.kind === null ? 'not measured' : '–';
  }
  const text = document.createElement('span');
  text.textContent = formatMs(latency.loaded.p99Ms) + (Number.isFinite(latency.loadedToIdleP99Ratio)
    ? ` (${formatRatio(latency.loadedToIdleP99Ratio)})` : '');
  text.title = `p99 round trip idle ${formatMs(latency.idle?.p99Ms)}, under load ${formatMs(latency.loaded.p99Ms)}`;
  return text;
}

function row(run, cells) {
  const tr = document.createElement('tr');
  tr.dataset.runId = run.id;
  tr.append(...cells);
  return tr;
}

/** The scenario as the plan names it, linked to its run. */
function scenarioCell(scenario, run) {
  const link = document.createElement('a');
  link.href = `/runs/${run.id}`;
  link.textContent = scenarioName(scenario, run);
  if (run.status === 'partial') {
    markPartial(section.querySelector(`[data-scenario-id="${scenario.id}"]`), run);
    return partialLabel(link);
  }
  return link;
}

function scenarioName(scenario, run) {
  const planned = section.querySelector(`[data-scenario-id="${scenario.id}"]`);
  return planned ? planned.children[1].textContent.trim() : `run #${run.id}`;
}

/**
 * A row's findings as badges, warnings first; the sentence is the badge's title and, once, in the list below.
 * percent-of-limit gets none: the row's "% of burst" or "% of target" column is that finding.
 */
const ROW_COLUMN_KINDS = new Set(['percent-of-limit']);

function findingBadges(findings) {
  const shown = findings.filter((finding) => !ROW_COLUMN_KINDS.has(finding.kind));
  if (shown.length === 0) {
    return 'none';
  }
  const list = document.createElement('ul');
  list.className = 'finding-badges';
  const sorted = [...shown].sort((a, b) => (b.severity === 'warning') - (a.severity === 'warning'));
  list.append(...sorted.map((finding) => {
    const item = document.createElement('li');
    item.className = `finding ${finding.severity}`;
    item.dataset.kind = finding.kind;
    item.title = finding.message;
    item.textContent = finding.kind;
    return item;
  }));
  return list;
}

/** Which driver the answer is about, first: "Driver on arm-a: ENA ARM64 2.2.1", or why it is unknown. */
function noteDriver(run) {
  if (run.instanceType) {
    instanceTypes.add(run.instanceType);
  }
  const seen = drivers.get(run.sut ?? 'the SUT') ?? new Set();
  seen.add(run.driver ?? 'not recorded');
  drivers.set(run.sut ?? 'the SUT', seen);
  const line = document.getElementById('results-driver');
  line.textContent = [...drivers.entries()].map(([sut, names]) => `Driver on ${sut}: ${[...names].join(', ')}`)
    .join(' · ');
  line.hidden = false;
}

/** A partial run's figures are not a complete measurement: say so where the scenario links it. */
function markPartial(planned, run) {
  const link = planned && planned.querySelector(`[data-field="run"] a[href="/runs/${run.id}"]`);
  if (link) {
    link.textContent = `partial run #${run.id}`;
    link.classList.add('partial');
  }
}

function partialLabel(link) {
  const badge = document.createElement('span');
  badge.className = 'badge partial';
  badge.textContent = 'partial';
  const both = document.createElement('span');
  both.append(link, ' ', badge);
  return both;
}

/** What the sender put on the wire; a bidir run's two directions stay apart, as received does. */
function sent(run) {
  const forward = run.sentBitsPerSecond == null ? 'unknown' : formatRate(run.sentBitsPerSecond);
  return run.reverseSentBitsPerSecond == null ? forward
    : `${forward} ↑ / ${formatRate(run.reverseSentBitsPerSecond)} ↓`;
}

/** A bidir run shows both directions: they are two measurements, never added up. */
function received(run) {
  const forward = formatRate(run.receivedBitsPerSecond);
  return run.reverseReceivedBitsPerSecond == null ? forward
    : `${forward} ↑ / ${formatRate(run.reverseReceivedBitsPerSecond)} ↓`;
}

function cell(label, content, className) {
  const td = document.createElement('td');
  td.dataset.label = label;
  if (className) {
    td.className = className;
  }
  td.append(content);
  return td;
}
