// One job's page, beside the live chart (job-page.js): the burst and baseline lines on that chart, progress with
// the time left, and the answer above the chart: TCP and UDP results tables and the job's findings once each. Every
// figure, word and order comes from the server (GET /api/v1/jobs/{id}/results, /findings); this module draws them.
// It follows the job's events, which job-page.js relays as 'burstline:job', and asks for the results again whenever
// the job has stored another run.
import { showJobFindings } from './job-findings.js';
import { addLimitLines } from './limit-lines.js';

/** A finished job sends no more events, so a failed read of its results is asked again, ever more slowly. */
const RETRY_FIRST_MS = 2000;
const RETRY_MAX_MS = 30000;

const section = document.querySelector('[data-job-id]');
const jobId = section.dataset.jobId;
let runsShown = -1; // how many stored runs the tables were drawn from
let limitsDrawn = Boolean(section.dataset.burstBps);
let asking = false;
let latest = null; // the job as its last event said
let retryMs = RETRY_FIRST_MS;
let driverComparison = null; // the results' link to Compare, drawn once the job ends

addLimitLines(document.getElementById('live-chart'), Number(section.dataset.burstBps),
  Number(section.dataset.baselineBps));
document.addEventListener('burstline:job', (event) => showJob(event.detail));

function showJob(job) {
  showProgress(job);
  latest = job;
  askForResults();
}

/**
 * Draws the results of the runs the latest event counts, one read at a time: an event that arrives during a read is
 * answered after it, a failed read is tried again. Once the job has finished, the Compare offer follows the tables
 * (it reads the drivers and instance types their rows carry).
 */
async function askForResults() {
  const runs = latest.scenarios.filter((scenario) => scenario.runId).length;
  if (asking || runs === runsShown) {
    if (!asking && latest.finished) {
      offerDriverComparison();
    }
    return;
  }
  asking = true;
  const shown = await showResults();
  asking = false;
  if (shown) {
    runsShown = runs;
    retryMs = RETRY_FIRST_MS;
    askForResults();
  } else {
    setTimeout(askForResults, retryMs);
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  }
}

function showProgress(job) {
  // a job that succeeded says so in its heading; the bar would only push the answer down
  document.getElementById('job-progress').hidden = job.status === 'SUCCEEDED';
  document.getElementById('job-progress-bar').value = job.progress.percentDone;
  document.getElementById('job-progress-text').textContent = job.progress.text;
}

/** Draws the results and the job's findings; false when either did not come (the next read draws both again). */
async function showResults() {
  let results;
  try {
    const response = await fetch(`/api/v1/jobs/${jobId}/results`, { headers: { Accept: 'application/json' } });
    results = response.ok ? await response.json() : null;
  } catch {
    results = null;
  }
  if (!results) {
    return false;
  }
  showHosts(results.hosts);
  showAnswer(results.answer);
  fill('tcp', results.tcp.map(tcpRow));
  fill('udp', results.udp.map(udpRow));
  fill('rr', results.requestResponse.map(rrRow));
  document.getElementById('results-empty').hidden = results.tcp.length + results.udp.length
    + results.requestResponse.length > 0;
  const drivers = document.getElementById('results-driver');
  drivers.textContent = results.drivers;
  drivers.hidden = !results.drivers;
  driverComparison = results.driverComparison;
  const first = results.tcp[0] ?? results.udp[0];
  if (!limitsDrawn && first) {
    // no catalog entry for the SUT when the page was made: the stored runs' limits are the ones they are judged by
    limitsDrawn = addLimitLines(document.getElementById('live-chart'), first.run.burstLimitBitsPerSecond,
      first.run.baselineBitsPerSecond);
  }
  return showJobFindings(jobId);
}

/** The hosts in the page's head, as the stored runs now label them (the page drew them as they stood). */
function showHosts(hosts) {
  document.getElementById('job-hosts').replaceChildren(...hosts.map((host) => {
    const item = document.createElement('li');
    item.dataset.role = host.role;
    item.textContent = host.text;
    return item;
  }));
}

/** The server's short answer, a sentence at a time, each marked with the scenarios it covers and its verdicts. */
function showAnswer(answer) {
  const paragraph = document.getElementById('job-answer');
  paragraph.replaceChildren(...answer.sentences.map((sentence, index) => {
    const span = document.createElement('span');
    span.dataset.covers = sentence.covers.join(',');
    span.dataset.verdicts = sentence.verdicts.join(',');
    span.textContent = index === 0 ? sentence.text : ` ${sentence.text}`;
    return span;
  }));
  paragraph.hidden = answer.sentences.length === 0;
}

function fill(table, rows) {
  document.getElementById(`results-${table}`).tBodies[0].replaceChildren(...rows);
  document.getElementById(`results-${table}-box`).hidden = rows.length === 0;
}

function tcpRow(result) {
  const { run } = result;
  return row(result, [
    cell('#', String(result.position)),
    cell('Scenario', scenarioCell(result), 'text'),
    cell('Direction', run.direction),
    cell('Measured by', result.measuredBy),
    cell('Sent', bothWays(run, 'sent', 'reverseSent'), 'num'),
    cell('Received', bothWays(run, 'received', 'reverseReceived'), 'num'),
    verdictCell(run),
    cell('% of burst', figure(run, 'shareOfBurstLimit'), 'num'),
    cell('Retransmits', figure(run, 'retransmits'), 'num'),
    loadedLatencyCell(result),
    cell('Findings', findingBadges(result.findings)),
  ]);
}

/** UDP is judged against its own target (-b) by what was sent; loss is of what was sent. */
function udpRow(result) {
  const { run } = result;
  return row(result, [
    cell('#', String(result.position)),
    cell('Scenario', scenarioCell(result), 'text'),
    cell('Direction', run.direction),
    cell('Measured by', result.measuredBy),
    cell('Target', figure(run, 'target'), 'num'),
    cell('Sent', bothWays(run, 'sent', 'reverseSent'), 'num'),
    cell('Sent % of target', figure(run, 'sentShareOfTarget'), 'num'),
    cell('Received', bothWays(run, 'received', 'reverseReceived'), 'num'),
    verdictCell(run),
    cell('Loss / jitter', both(figure(run, 'loss'), ' / ', figure(run, 'jitter')), 'num'),
    loadedLatencyCell(result),
    cell('Findings', findingBadges(result.findings)),
  ]);
}

/** A UDP_RR or TCP_RR run: transactions, their round trips and both ends' CPU; no throughput. */
function rrRow(result) {
  const text = result.latency?.text;
  const transactions = result.latency?.transactions?.text;
  return row(result, [
    cell('#', String(result.position)),
    cell('Scenario', scenarioCell(result), 'text'),
    cell('Measured by', result.measuredBy),
    cell('Transactions/s', text?.transactionsPerSecond, 'num'),
    cell('p50', transactions?.p50, 'num'),
    cell('p99', transactions?.p99, 'num'),
    cell('p99.9', transactions?.p999, 'num'),
    cell('Lost', transactions?.lost, 'num'),
    cell('CPU client / server', text?.cpu, 'num'),
    cell('Findings', findingBadges(result.findings)),
  ]);
}

/**
 * "65.2 ms (×226)": the probe's p99 under load and its ratio to idle, the idle p99 in the title; "not measured" when
 * the job had no probe. Short, so that the table keeps to the width of the page.
 */
function loadedLatencyCell(result) {
  const td = cell('p99 under load', result.loadedP99, 'num');
  td.dataset.figure = 'loadedP99';
  if (result.latency?.text.loadedTitle) {
    td.title = result.latency.text.loadedTitle;
  }
  return td;
}

/** The verdict's words, its sentence in the title; the catalog's id for styling. */
function verdictCell(run) {
  const td = cell('Verdict', run.verdict.words, 'decided');
  td.dataset.verdict = run.verdict.id;
  td.dataset.figure = 'verdict';
  td.title = run.text.verdict;
  return td;
}

function row(result, cells) {
  const tr = document.createElement('tr');
  tr.dataset.runId = result.run.id;
  tr.append(...cells);
  return tr;
}

/** The scenario as the job page names it, linked to its run; a partial run says so where the scenario links it. */
function scenarioCell(result) {
  const link = document.createElement('a');
  link.href = `/runs/${result.run.id}`;
  link.textContent = result.label;
  if (result.run.status !== 'partial') {
    return link;
  }
  const planned = section.querySelector(`[data-scenario-id="${result.scenarioId}"] [data-field="run"] a`);
  if (planned) {
    planned.textContent = `partial run #${result.run.id}`;
    planned.classList.add('partial');
  }
  const badge = document.createElement('span');
  badge.className = 'badge partial';
  badge.textContent = 'partial';
  const both = document.createElement('span');
  both.append(link, ' ', badge);
  return both;
}

/** One figure in the server's words, named for the field of the run's `text` it shows. */
function figure(run, name) {
  const span = document.createElement('span');
  span.dataset.figure = name;
  span.textContent = run.text[name];
  return span;
}

function both(...parts) {
  const span = document.createElement('span');
  span.append(...parts);
  return span;
}

/** A bidir run's two directions stay apart: two measurements, never added up. */
function bothWays(run, forward, reverse) {
  return run.text[reverse] == null ? figure(run, forward)
    : both(figure(run, forward), ' ↑ / ', figure(run, reverse), ' ↓');
}

/** A row's findings as badges in the server's order; the headline is the badge's title. */
function findingBadges(findings) {
  if (findings.length === 0) {
    return 'none';
  }
  const list = document.createElement('ul');
  list.className = 'finding-badges';
  list.append(...findings.map((finding) => {
    const item = document.createElement('li');
    item.className = `finding ${finding.severity}`;
    item.dataset.kind = finding.kind;
    item.title = finding.headline;
    item.textContent = finding.kind;
    return item;
  }));
  return list;
}

function cell(label, content, className) {
  const td = document.createElement('td');
  td.dataset.label = label;
  if (className) {
    td.className = className;
  }
  td.append(content ?? '');
  return td;
}

/**
 * "Driver A vs driver B" in one click, as the server worked it out (the results' driverComparison): this job's
 * driver beside the most recent other on its pair or instance type, that other the baseline. With one driver only,
 * the line says so and offers the relabel form (two builds a host cannot tell apart carry the same driver until
 * labelled).
 */
let offered = false;
function offerDriverComparison() {
  const item = document.getElementById('compare-drivers');
  if (offered || !driverComparison) {
    return;
  }
  offered = true;
  if (driverComparison.href) {
    const link = document.createElement('a');
    link.href = driverComparison.href;
    link.textContent = driverComparison.text;
    item.replaceChildren(link);
  } else {
    item.append(driverComparison.text);
    const relabel = document.getElementById('job-labels-edit');
    if (relabel) {
      const link = document.createElement('a');
      link.href = '#job-labels-edit';
      link.textContent = 'relabel this job\'s runs';
      link.addEventListener('click', () => { relabel.open = true; });
      item.append(' (', link, ' to tell builds apart)');
    }
  }
  item.hidden = false;
}
