// One job's page, beside the live chart (job-page.js): the burst and baseline lines on that chart, progress with
// the time left, and a results table of each stored run's figures and findings. It asks the same API users call
// (/api/v1/jobs/{id}, /api/v1/runs/{id}, /api/v1/runs/{id}/findings) every two seconds until the job has ended.
import { fetchFindings, findingItems } from './findings-list.js';
import { isFinished, progressOf, progressText } from './job-progress.js';
import { addLimitLines } from './limit-lines.js';
import { formatMs, formatPercent, formatRate } from './units.js';

const POLL_MS = 2000;
const section = document.querySelector('[data-job-id]');
const jobId = section.dataset.jobId;
const shown = new Set(); // run ids already in the results table

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
  }
}

function showProgress(job) {
  const progress = progressOf(job);
  document.getElementById('job-progress').hidden = false;
  const bar = document.getElementById('job-progress-bar');
  bar.value = progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  document.getElementById('job-progress-text').textContent = progressText(job, progress);
}

async function showResults(job) {
  const table = document.getElementById('results');
  for (const scenario of job.scenarios.filter((s) => s.runId && !shown.has(s.runId))) {
    shown.add(scenario.runId);
    const [run, findings] = await Promise.all([fetchRun(scenario.runId), fetchFindings(scenario.runId)]);
    if (run) {
      table.tBodies[0].append(resultRow(scenario, run, findings));
      document.getElementById('results-box').hidden = false;
      document.getElementById('results-empty').hidden = true;
    }
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

function resultRow(scenario, run, findings) {
  const row = document.createElement('tr');
  row.dataset.runId = run.id;
  const link = document.createElement('a');
  link.href = `/runs/${run.id}`;
  const planned = section.querySelector(`[data-scenario-id="${scenario.id}"]`);
  link.textContent = planned ? planned.children[1].textContent.trim() : `run #${run.id}`;
  if (run.status === 'partial') {
    markPartial(planned, run);
  }
  const cells = [
    cell('#', String(scenario.position + 1)),
    cell('Scenario', run.status === 'partial' ? partialLabel(link) : link),
    cell('Measured by', `${run.tool} ${run.toolVersion ?? ''}`.trim()),
    cell('Received', received(run), 'num'),
    cell('% of burst or target', share(run), 'num'),
    cell('Retransmits or loss / jitter', quality(run), 'num'),
    cell('Findings', findingsList(findings), 'text'),
  ];
  row.append(...cells);
  return row;
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

/** A bidir run shows both directions: they are two measurements, never added up. */
function received(run) {
  const forward = formatRate(run.receivedBitsPerSecond);
  return run.reverseReceivedBitsPerSecond == null ? forward
    : `${forward} ↑ / ${formatRate(run.reverseReceivedBitsPerSecond)} ↓`;
}

/** UDP is judged against its own target (-b) by what was sent, TCP against the burst limit. */
function share(run) {
  if (run.protocol === 'UDP' && run.targetBitsPerSecond) {
    // two short lines, not one long one: the findings column beside it keeps its width
    const both = document.createElement('span');
    both.append(`${formatPercent(100 * run.sentBitsPerSecond / run.targetBitsPerSecond)} of target`,
      document.createElement('br'), `${formatRate(run.sentBitsPerSecond)} sent`);
    return both;
  }
  return run.percentOfBurstLimit == null ? '–' : formatPercent(run.percentOfBurstLimit);
}

function quality(run) {
  if (run.protocol === 'TCP') {
    return run.retransmits == null ? '–' : `${run.retransmits.toLocaleString('en-US')} retr.`;
  }
  return `${formatPercent(run.lostPercent)} / ${formatMs(run.jitterMs)}`;
}

function findingsList(findings) {
  if (findings.length === 0) {
    return 'none';
  }
  const list = document.createElement('ul');
  list.className = 'findings';
  list.append(...findingItems(findings));
  return list;
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
