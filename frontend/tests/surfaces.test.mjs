// One TCP run and one UDP run, measured by a job, read on every surface that shows them: the job page, the runs
// list, the run page, Compare, the report and both CSVs. Pages mark each figure with the API's name for it
// (data-figure); on every surface each named figure has one value, in the API's words for the run (its `text`), and
// the verdict in the findings catalog's words. The runs come the way agents send them: two stand-in agents (a
// loopback HTTP server that accepts the server's calls, as in probe.test.mjs) post real iperf3 output from
// src/test/resources/iperf3 as their scenarios' results. Screenshots at 400 and 1280 px go to test-results/.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  authorized, closeTest, launchBrowser, results, samples, signInWithToken, startTestServer, until,
} from './support/server.mjs';
import { startStandInAgents } from './support/stand-in-agents.mjs';
import { formatJitter, formatLoss, formatPercent, formatRate } from '../src/js/units.js';

const AGENTS = ['surfaces-sut', 'surfaces-peer'];
const PATIENCE = 60_000;
// The shaper's 4.78 Gbit/s TCP upload (the cap on a t4g.large) and a 1 Gbit/s UDP upload whose way out was shaped to
// 500 Mbit/s (sent 0.49 Gbit/s, lost 2.4%). Samples no other fast test uploads: the fast tier shares one server, and
// an agent's result with the bytes of a run already stored is refused its link to the job.
const SCENARIOS = [
  { request: { protocol: 'TCP', direction: 'upload', streams: 1, durationSeconds: 5 },
    sample: 'iperf3-312-tcp-1-upload-server-lab.json' },
  { request: { protocol: 'UDP', direction: 'upload', streams: 1, durationSeconds: 5, targetBitsPerSecond: 1e9 },
    sample: 'iperf3-312-udp-1g-upload-shaped-500m-server-lab.json' },
];
/** The figures each surface names, per protocol; Compare's and the report's are a group's of one run. */
const TCP = ['received', 'verdict', 'shareOfBurstLimit', 'retransmits'];
const UDP = ['target', 'sent', 'received', 'verdict', 'sentShareOfTarget', 'loss', 'jitter'];
const RUN_PAGE = {
  TCP: ['received', 'sent', 'retransmits', 'senderCpu', 'receiverCpu', 'shareOfBurstLimit', 'shareOfBaseline',
    'burstLimit', 'baseline', 'verdict'],
  UDP: ['received', 'sent', 'target', 'sentShareOfTarget', 'receivedShareOfTarget', 'jitter', 'loss', 'senderCpu',
    'receiverCpu', 'shareOfBurstLimit', 'shareOfBaseline', 'burstLimit', 'baseline', 'verdict'],
};
const RUNS_LIST = { TCP: ['received', 'verdict', 'shareOfBurstLimit', 'retransmits'],
  UDP: ['received', 'sent', 'verdict', 'sentShareOfTarget', 'jitter', 'loss'] };
const JOB_PAGE = { TCP: ['sent', ...TCP], UDP };
/** Compare names a group's mean received figure `mean`; the rest are the run's names. */
const COMPARE = { TCP: ['mean', 'verdict', 'shareOfBurstLimit', 'shareOfBaseline', 'retransmits'],
  UDP: ['mean', 'verdict', 'sent', 'sentShareOfTarget', 'shareOfBurstLimit', 'shareOfBaseline', 'loss', 'jitter'] };

let server;
let secrets;
let nonces;
let agentCall;
let stopAgents;
let browser;
let jobId;
/** The job's runs as the API gives them, by protocol; the catalog's words by verdict id. */
const runs = {};
const verdictWords = {};
let findingKinds;

describe('one TCP run and one UDP run on every surface, in the same words', () => {
  before(async () => {
    server = await startTestServer('surfaces');
    ({ secrets, nonces, agentCall, close: stopAgents } = await startStandInAgents(server.baseUrl,
      server.agentToken, AGENTS, '2.11.0'));
    jobId = await measuredJob();
    const listed = await getJson(`/api/v1/runs?job=${jobId}`);
    for (const run of listed.content) {
      runs[run.protocol] = run;
    }
    assert.deepEqual(Object.keys(runs).sort(), ['TCP', 'UDP']);
    const catalog = await getJson('/api/v1/findings/catalog');
    for (const step of catalog.verdicts) {
      verdictWords[step.id] = step.words;
    }
    findingKinds = new Set(catalog.kinds.map((kind) => kind.id));
    browser = await launchBrowser(server.workDir);
    await signInWithToken(browser.page, server.baseUrl, server.token);
  });

  after(async () => {
    stopAgents?.();
    await closeTest({ context: browser?.context, stop: server?.stop, workDir: server?.workDir });
  });

  test('the API words every figure, and names each verdict in the catalog\'s words', () => {
    for (const run of Object.values(runs)) {
      assert.equal(run.verdict.words, verdictWords[run.verdict.id], `${run.protocol} verdict`);
      assert.ok(run.text.verdict.startsWith(`${run.verdict.words}: `), run.text.verdict);
      for (const name of RUN_PAGE[run.protocol]) {
        assert.ok(run.text[name], `${run.protocol} ${name} has words`);
      }
    }
    assert.equal(runs.TCP.verdict.id, 'cap', 'the shaper\'s 4.78 Gbit/s on a t4g.large');
  });

  test('the runs list', async () => {
    const { page } = browser;
    await show(page, `/runs?job=${jobId}`, 'runs');
    for (const run of Object.values(runs)) {
      await expectFigures(page.locator(`tr[data-run-id="${run.id}"]`), run, RUNS_LIST[run.protocol], 'runs list');
    }
  });

  test('the run page', async () => {
    const { page } = browser;
    for (const run of Object.values(runs)) {
      await show(page, `/runs/${run.id}`, `run-${run.protocol}`);
      await expectFigures(page.locator('table.report').first(), run, RUN_PAGE[run.protocol], 'run page',
        { verdict: run.text.verdict });
    }
  });

  test('the job page', async () => {
    const { page } = browser;
    await page.goto(`${server.baseUrl}/jobs/${jobId}`);
    for (const run of Object.values(runs)) {
      await page.locator(`#results-${run.protocol.toLowerCase()} tr[data-run-id="${run.id}"]`).waitFor();
    }
    await show(page, `/jobs/${jobId}`, 'job', '#results-udp tr[data-run-id]');
    for (const run of Object.values(runs)) {
      await expectFigures(page.locator(`#results-${run.protocol.toLowerCase()} tr[data-run-id="${run.id}"]`), run,
        JOB_PAGE[run.protocol], 'job page');
    }
  });

  test('a finished job\'s page draws its results when the first read of each fails', async () => {
    // a finished job sends one event: the page must ask again on its own, for the tables and the findings alike
    const { page } = browser;
    const failed = { results: 0, findings: 0 };
    const failOnce = (name) => async (route) => {
      if (failed[name] === 0) {
        failed[name] += 1;
        await route.fulfill({ status: 503, contentType: 'application/problem+json', body: '{"status": 503}' });
      } else {
        await route.continue();
      }
    };
    await page.route(`**/api/v1/jobs/${jobId}/results`, failOnce('results'));
    await page.route(`**/api/v1/jobs/${jobId}/findings`, failOnce('findings'));
    try {
      await page.goto(`${server.baseUrl}/jobs/${jobId}`);
      for (const run of Object.values(runs)) {
        await page.locator(`#results-${run.protocol.toLowerCase()} tr[data-run-id="${run.id}"]`)
          .waitFor({ timeout: PATIENCE });
      }
      await page.locator('#job-findings li[data-kind]').first().waitFor({ timeout: PATIENCE });
      assert.deepEqual(failed, { results: 1, findings: 1 });
    } finally {
      await page.unrouteAll();
    }
  });

  test('the job page draws its results however late its scripts arrive', async () => {
    // a finished job's stream sends its one event at once: every script must be listening before the stream opens
    const { page } = browser;
    await page.route('**/js/job-results.js', async (route) => {
      await new Promise((resolve) => { setTimeout(resolve, 1500); });
      await route.continue();
    });
    try {
      await page.goto(`${server.baseUrl}/jobs/${jobId}`);
      await page.locator('#results-udp tr[data-run-id]').first().waitFor({ timeout: PATIENCE });
    } finally {
      await page.unrouteAll();
    }
  });

  test('Compare', async () => {
    const { page } = browser;
    await show(page, `/compare?job=${jobId}`, 'compare', '#compare-table tbody tr');
    for (const run of Object.values(runs)) {
      const row = page.locator('#compare-table tbody tr:not(.details-row)', { hasText: run.scenarioName });
      assert.equal(await row.count(), 1, `one Compare row for ${run.scenarioName}`);
      // the row and the details beneath it, which open on demand
      const rowAndDetails = row.locator('xpath=self::tr | following-sibling::tr[1]');
      await expectFigures(rowAndDetails, run, COMPARE[run.protocol], 'Compare',
        { mean: run.text.received, verdict: run.verdict.words });
    }
  });

  test('the report', async () => {
    const { page } = browser;
    await show(page, `/reports?job=${jobId}`, 'report');
    await expectFigures(page.locator('table.tcp tbody tr'), runs.TCP, TCP, 'report',
      { verdict: runs.TCP.verdict.words });
    await expectFigures(page.locator('table.udp tbody tr'), runs.UDP, UDP, 'report',
      { verdict: runs.UDP.verdict.words });
  });

  test('the findings on the run page, the job page and the report are the catalog\'s kinds', async () => {
    const { page } = browser;
    const shown = [];
    for (const run of Object.values(runs)) {
      await page.goto(`${server.baseUrl}/runs/${run.id}`);
      await page.waitForFunction(() => !document.querySelector('#findings').textContent.includes('Loading'));
      shown.push(...await page.locator('#findings li[data-kind]').evaluateAll((items) => items
        .map((item) => item.dataset.kind)));
    }
    await page.goto(`${server.baseUrl}/jobs/${jobId}`);
    await page.locator('#job-findings li[data-kind]').first().waitFor({ timeout: PATIENCE });
    shown.push(...await page.locator('#job-findings li[data-kind]').evaluateAll((items) => items
      .map((item) => item.dataset.kind)));
    await page.goto(`${server.baseUrl}/reports?job=${jobId}`);
    shown.push(...await page.locator('ul.analysis li[data-kind]').evaluateAll((items) => items
      .map((item) => item.dataset.kind)));
    assert.ok(shown.includes('packet-loss') && shown.includes('percent-of-limit'), shown.join(', '));
    for (const kind of shown) {
      assert.ok(findingKinds.has(kind), `${kind} is in the catalog`);
    }
  });

  test('the runs CSV', async () => {
    const lines = await csv(`/api/v1/export/runs.csv?job=${jobId}`);
    for (const run of Object.values(runs)) {
      const line = lines.find((each) => each.id === String(run.id));
      const words = {
        received: formatRate(number(line.receivedBitsPerSecond)),
        sent: formatRate(number(line.sentBitsPerSecond)),
        shareOfBurstLimit: formatPercent(number(line.shareOfBurstLimit)),
        shareOfBaseline: formatPercent(number(line.shareOfBaseline)),
        senderCpu: formatPercent(number(line.senderCpuPercent)),
        receiverCpu: formatPercent(number(line.receiverCpuPercent)),
        verdict: line.verdictText,
        ...(run.protocol === 'UDP' ? {
          sentShareOfTarget: formatPercent(number(line.sentShareOfTarget)),
          receivedShareOfTarget: formatPercent(number(line.receivedShareOfTarget)),
          loss: formatLoss(number(line.lostPercent)),
          jitter: formatJitter(number(line.jitterMs)),
        } : { retransmits: line.retransmits }),
      };
      for (const [name, text] of Object.entries(words)) {
        assert.equal(text, run.text[name], `runs CSV: ${run.protocol} ${name}`);
      }
      assert.equal(line.verdict, run.verdict.id);
    }
  });

  test('the comparison CSV', async () => {
    const lines = await csv(`/api/v1/export/comparison.csv?job=${jobId}`);
    for (const run of Object.values(runs)) {
      const line = lines.find((each) => each.protocol === run.protocol);
      const words = {
        received: formatRate(number(line.meanBitsPerSecond)),
        verdict: line.decidedBy,
        shareOfBaseline: formatPercent(number(line.meanShareOfBaseline)),
        ...(run.protocol === 'UDP' ? {
          sent: formatRate(number(line.meanSentBitsPerSecond)),
          sentShareOfTarget: formatPercent(number(line.sentShareOfTarget)),
          loss: formatLoss(number(line.meanLostPercent)),
          jitter: formatJitter(number(line.meanJitterMs)),
        } : {
          shareOfBurstLimit: formatPercent(number(line.shareOfBurstLimit)),
          retransmits: String(Math.round(number(line.meanRetransmits))),
        }),
      };
      const expected = { ...run.text, verdict: run.verdict.words };
      for (const [name, text] of Object.entries(words)) {
        assert.equal(text, expected[name], `comparison CSV: ${run.protocol} ${name}`);
      }
    }
  });
});

/**
 * Each named figure once within `scope`, reading as the run's words (or as `words` gives them for this surface);
 * a verdict's id is the run's.
 */
async function expectFigures(scope, run, names, where, words = {}) {
  for (const name of names) {
    const figure = scope.locator(`[data-figure="${name}"]`);
    assert.equal(await figure.count(), 1, `${where}: one ${run.protocol} ${name}`);
    const expected = words[name] ?? (name === 'verdict' ? run.verdict.words : run.text[name]);
    assert.equal((await figure.textContent()).replace(/\s+/g, ' ').trim(), expected, `${where}: ${run.protocol} ${name}`);
  }
  const verdict = scope.locator('[data-verdict]');
  if (await verdict.count() === 1) {
    assert.equal(await verdict.getAttribute('data-verdict'), run.verdict.id, `${where}: ${run.protocol} verdict id`);
  }
}

/** Opens a page and saves it at 1280 and 400 px (wide first, as the figures are read). */
async function show(page, path, name, waitFor) {
  for (const width of [400, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${server.baseUrl}${path}`);
    if (waitFor) {
      await page.locator(waitFor).first().waitFor({ timeout: PATIENCE });
    }
    await page.screenshot({ path: join(results, `surfaces-${name}-${width}.png`), fullPage: true });
  }
}

/** A job of the two scenarios; each stand-in SUT answers its dispatch with the real output as its result. */
async function measuredJob() {
  const created = await fetch(`${server.baseUrl}/api/v1/jobs`, authorized(server.token, { method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ sut: AGENTS[0], peer: AGENTS[1], tags: ['surfaces'],
      scenarios: SCENARIOS.map(({ request }) => request) }) }));
  const body = await created.text();
  assert.equal(created.status, 201, body);
  const id = JSON.parse(body).id;
  for (const [position, { sample }] of SCENARIOS.entries()) {
    const scenario = await until(`scenario ${position + 1} to run`, async () => {
      const job = await getJson(`/api/v1/jobs/${id}`);
      const one = job.scenarios[position];
      return one.status === 'RUNNING' && nonces[one.id] ? one : null;
    });
    const posted = await agentCall(`/api/v1/agents/${AGENTS[0]}/results`, {
      jobId: id, scenarioId: scenario.id, attempt: scenario.attempt, succeeded: true, nonce: nonces[scenario.id],
      output: readFileSync(join(samples, sample), 'utf8'), outputFormat: 'json', stderr: '', exitCode: 0,
      command: ['iperf3', '-c', '10.0.0.2', '-J'],
      facts: { osName: 'Linux', instanceType: 't4g.large', routeInterface: 'eth0',
        interfaces: [{ name: 'eth0', driver: 'ena', driverVersion: '2.11.0' }] },
      counters: { interface: 'eth0', delta: { tx_bytes: 123456, bw_out_allowance_exceeded: 0 } },
    }, secrets[AGENTS[0]]);
    assert.equal(posted.status, 200, await posted.text());
  }
  await until('the job to end', async () => (await getJson(`/api/v1/jobs/${id}`)).finished);
  return id;
}

async function getJson(path) {
  const response = await fetch(`${server.baseUrl}${path}`, authorized(server.token));
  assert.ok(response.ok, `${path} answered ${response.status}`);
  return response.json();
}

/** A CSV export as one object per line, keyed by its header. */
async function csv(path) {
  const response = await fetch(`${server.baseUrl}${path}`, authorized(server.token));
  assert.ok(response.ok, `${path} answered ${response.status}`);
  const [header, ...lines] = parseCsv(await response.text());
  return lines.filter((line) => line.length === header.length)
    .map((line) => Object.fromEntries(header.map((name, i) => [name, line[i]])));
}

/** RFC 4180: quoted fields may hold commas, quotes (doubled) and line breaks. */
function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') {
        i += 1;
      }
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else {
      field += c;
    }
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

function number(text) {
  return text === '' || text == null ? null : Number(text);
}
