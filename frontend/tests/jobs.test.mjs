// Jobs end to end in a real browser: the real server jar, two REAL agent processes (../target/burstline-agent.jar) on
// loopback measuring with the real iperf3, and Chromium. Sign in, see both agents online with their facts, start a job
// through the "New job" form, watch the live chart grow and the scenario states change without a reload, then follow
// a scenario to its run. Needs both jars (mvn -B -q -DskipTests package) and iperf3 on the PATH.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { splitStub } from '../src/js/intervals.js';
import { formatRate } from '../src/js/units.js';
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { overflowingElements, plotHeight } from './support/layout.mjs';
import { authorized, signInWithToken } from './support/server.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const projectRoot = resolve(here, '..', '..');
const serverJarBuilt = join(projectRoot, 'target', 'burstline.jar');
const agentJarBuilt = join(projectRoot, 'target', 'burstline-agent.jar');
const results = resolve(here, '..', 'test-results');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const token = `test-token-jobs-${process.pid}-0123456789`;
const agentToken = `agent-token-jobs-${process.pid}-0123456789`;
const AGENTS = ['lab-sut', 'lab-peer'];
// Markup characters on purpose: the note must show as text.
const NOTE = 'Agents run on loopback: <b>no shaping</b>, figures are this machine\'s, not a network\'s';
// Three short scenarios with 1 s intervals: the agents send a live sample per interval.
const SCENARIOS = [
  { protocol: 'TCP', direction: 'upload', streams: '1', seconds: '4', interval: '1', target: '' },
  { protocol: 'TCP', direction: 'download', streams: '4', seconds: '4', interval: '1', target: '' },
  { protocol: 'UDP', direction: 'upload', streams: '1', seconds: '4', interval: '1', target: '500' },
];
const PATIENCE = 120_000;
const INSTANCE_TYPE = 't4g.large'; // the job's label: loopback agents cannot tell their instance type

const processes = []; // { name, child, exited }: the server and both agents, stopped in after()
let baseUrl;
let context;
let page;
let workDir;
let jobId;
const pageErrors = [];

describe('jobs on real agents in Chromium', () => {
  before(async () => {
    for (const jar of [serverJarBuilt, agentJarBuilt]) {
      assert.ok(existsSync(jar), `${jar} is missing; build it: (cd ${projectRoot} && mvn -B -q -DskipTests package)`);
    }
    assert.ok(existsSync(chromiumPath), `no Chromium at ${chromiumPath}; set CHROMIUM_PATH`);
    mkdirSync(results, { recursive: true });
    workDir = mkdtempSync(join(tmpdir(), 'burstline-jobs-'));
    await startServer();
    for (const name of AGENTS) {
      await startAgent(name);
    }
    await until('both agents online', async () => {
      const agents = await (await fetch(`${baseUrl}/api/v1/agents`, authorized(token))).json();
      return AGENTS.every((name) => agents.some((agent) => agent.name === name && agent.online));
    });
    context = await chromium.launchPersistentContext(join(workDir, 'chromium-profile'), {
      executablePath: chromiumPath,
      headless: true,
      viewport: { width: 1280, height: 900 },
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
        '--no-first-run'],
    });
    page = context.pages()[0] ?? await context.newPage();
    page.setDefaultTimeout(PATIENCE);
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });

  after(async () => {
    await context?.close().catch(() => {});
    // Agents first, so they stop their iperf3 before the server goes; each in its own process group.
    for (const started of [...processes].reverse()) {
      await stop(started);
    }
    if (workDir) {
      rmSync(workDir, { recursive: true, force: true });
    }
  });

  test('signs in with the API token', async () => {
    await signInWithToken(page, baseUrl, token);
    await page.waitForSelector('button.link-button:has-text("Sign out")');
  });

  test('the Agents page shows both agents online with their facts and the environment note', async () => {
    const api = await (await fetch(`${baseUrl}/api/v1/agents`, authorized(token))).json();
    await page.click('nav a:has-text("Agents")');
    await page.waitForURL((url) => url.pathname === '/agents');
    for (const name of AGENTS) {
      const row = page.locator(`tr[data-agent="${name}"]`);
      await row.locator('[data-field="state"]:text-is("online")').waitFor();
      const facts = api.find((agent) => agent.name === name).facts;
      const text = await row.textContent();
      assert.ok(text.includes(`iperf3 ${facts.iperf3Version}`), `iperf3 version of ${name} in: ${text}`);
      assert.match(facts.iperf3Version, /^\d+\.\d+/);
      const nics = await row.locator('td ul li').allTextContents();
      assert.ok(nics.length >= 1, `interfaces of ${name}`);
      assert.ok(nics.some((nic) => nic.startsWith('lo:')), `loopback among ${nics.join(' | ')}`);
      // Agents serve HTTPS with their own key by default (the server pins it at enrollment).
      assert.match(await row.locator('code').first().textContent(), /^https:\/\/127\.0\.0\.1:\d+$/);
    }
    await assertNote();
    await page.screenshot({ path: join(results, 'jobs-agents.png'), fullPage: true });
    await narrowScreenshot('jobs-agents-narrow.png');
  });

  test('a job started from the "New job" form lands on its page', async () => {
    await page.click('nav a:has-text("Jobs")');
    await page.click('a.button:has-text("New job")');
    await page.waitForURL((url) => url.pathname === '/jobs/new');
    await assertNote();
    await page.selectOption('select[name=sut]', AGENTS[0]);
    await page.selectOption('select[name=peer]', AGENTS[1]);
    await page.check('input[name=plan][value=custom]');
    const rows = page.locator('table.scenario-rows tbody.custom-rows tr');
    for (const [i, scenario] of SCENARIOS.entries()) {
      const row = rows.nth(i);
      await row.locator('select[name=protocol]').selectOption(scenario.protocol);
      await row.locator('select[name=direction]').selectOption(scenario.direction);
      await row.locator('input[name=streams]').fill(scenario.streams);
      await row.locator('input[name=scenarioSeconds]').fill(scenario.seconds);
      await row.locator('input[name=intervalSeconds]').fill(scenario.interval);
      await row.locator('input[name=targetMbps]').fill(scenario.target);
    }
    await page.fill('input[name=tags]', 'browser-test');
    await page.fill('input[name=instanceType]', INSTANCE_TYPE);
    await page.screenshot({ path: join(results, 'jobs-new.png'), fullPage: true });
    await page.click('form button[type=submit]:has-text("Start job")');
    await page.waitForURL((url) => /^\/jobs\/\d+$/.test(url.pathname));
    jobId = Number(new URL(page.url()).pathname.split('/').pop());
    assert.equal(await page.locator('#scenarios tbody tr').count(), SCENARIOS.length);
  });

  test('the live chart grows and the scenario states change while the job runs, without a reload', async () => {
    // Remember every state each row shows; a reload would lose this marker and the record.
    await page.evaluate(() => {
      window.stayedOnPage = true;
      window.statesSeen = {};
      const record = (row) => {
        const seen = (window.statesSeen[row.dataset.scenarioId] ??= []);
        const status = row.querySelector('[data-field="status"]').textContent.trim();
        if (seen.at(-1) !== status) {
          seen.push(status);
        }
      };
      // what the chart's source line said over the job: live words while scenarios ran, stored ones after
      window.sourcesSeen = [document.getElementById('live-source').textContent];
      new MutationObserver(() => window.sourcesSeen.push(document.getElementById('live-source').textContent))
        .observe(document.getElementById('live-source'), { childList: true, characterData: true, subtree: true });
      for (const row of document.querySelectorAll('[data-scenario-id]')) {
        record(row);
        new MutationObserver(() => record(row)).observe(row, { subtree: true, childList: true, characterData: true });
      }
    });

    await page.waitForFunction(() => window.Chart.getChart(document.getElementById('live-chart'))
      .data.datasets.some((dataset) => dataset.data.length > 0));
    const first = await livePoints();
    await page.screenshot({ path: join(results, 'jobs-running.png'), fullPage: true });
    await page.waitForFunction((before) => window.Chart.getChart(document.getElementById('live-chart'))
      .data.datasets.reduce((sum, dataset) => sum + dataset.data.length, 0) > before, first.total);
    const later = await livePoints();
    assert.ok(later.total > first.total, `the chart grew from ${first.total} to ${later.total} points`);

    await page.waitForFunction(() => document.getElementById('job-status').textContent.trim() === 'SUCCEEDED');
    await page.screenshot({ path: join(results, 'jobs-finished.png'), fullPage: true });
    await narrowScreenshot('jobs-finished-narrow.png');
    const job = await (await fetch(`${baseUrl}/api/v1/jobs/${jobId}`, authorized(token))).json();
    assert.equal(job.status, 'SUCCEEDED', JSON.stringify(job));
    const { stayedOnPage, statesSeen } = await page.evaluate(() => ({
      stayedOnPage: window.stayedOnPage, statesSeen: window.statesSeen,
    }));
    assert.equal(stayedOnPage, true, 'the page was not reloaded');
    for (const scenario of job.scenarios) {
      const seen = statesSeen[scenario.id];
      assert.ok(seen.includes('RUNNING'), `scenario ${scenario.id} was shown RUNNING: ${seen}`);
      assert.equal(seen.at(-1), 'SUCCEEDED', `scenario ${scenario.id} states: ${seen}`);
    }
    const queuedFirst = job.scenarios.slice(1).map((scenario) => statesSeen[scenario.id][0]);
    assert.deepEqual(queuedFirst, queuedFirst.map(() => 'QUEUED'), 'later scenarios were queued when the page opened');

    const done = await livePoints();
    assert.deepEqual(done.labels.sort(), (await scenarioNames()).sort(), 'one line per scenario');
    assert.ok(done.counts.every((count) => count >= 2), `every scenario drew its points: ${done.counts}`);
    const iperf3Version = (await (await fetch(`${baseUrl}/api/v1/agents/${AGENTS[0]}`, authorized(token))).json()).facts.iperf3Version;
    const streamsJson = Number(iperf3Version.split('.')[1]) >= 17;
    const sources = await page.evaluate(() => window.sourcesSeen);
    assert.ok(sources.some((source) => (streamsJson ? /from iperf3 itself/ : /from the SUT's interface byte counters/)
      .test(source)), `the live source was named while the job ran: ${sources.join(' | ')}`);
    // watched live to its end, the chart is the one a reload draws: each run's stored intervals, as received
    await page.waitForFunction((count) => document.getElementById('live-chart').dataset.storedRuns
      === String(count), job.scenarios.length);
    assert.match(await page.textContent('#live-source'), /then its stored run's own per-interval figures/);
    await assertStoredLines(job);
    await assertNote();
    assert.deepEqual(pageErrors, [], 'no script errors');
  });

  test('the results table has each run\'s received rate and findings as the API has them', async () => {
    const job = await (await fetch(`${baseUrl}/api/v1/jobs/${jobId}`, authorized(token))).json();
    await page.waitForFunction((count) => document.querySelectorAll('#results tbody tr').length === count,
      job.scenarios.length);
    for (const scenario of job.scenarios) {
      const row = page.locator(`#results tr[data-run-id="${scenario.runId}"]`);
      const run = await (await fetch(`${baseUrl}/api/v1/runs/${scenario.runId}`, authorized(token))).json();
      const findings = await (await fetch(`${baseUrl}/api/v1/runs/${scenario.runId}/findings`,
        authorized(token))).json();
      const received = await row.locator('td[data-label="Received"]').textContent();
      assert.ok(received.startsWith(formatRate(run.receivedBitsPerSecond)), `${received} for run ${run.id}`);
      const sent = await row.locator('td[data-label="Sent"]').textContent();
      assert.ok(sent.startsWith(formatRate(run.sentBitsPerSecond)), `sent ${sent} for run ${run.id}`);
      assert.equal(await row.locator('td[data-label="Measured by"]').textContent(),
        `${run.tool} ${run.toolVersion}`, `tool of run ${run.id}`);
      // percent-of-limit is the row's own "% of" column, not a badge
      assert.deepEqual((await row.locator('li.finding').evaluateAll((items) => items.map((item) => item.dataset.kind)))
        .sort(), findings.map((finding) => finding.kind).filter((kind) => kind !== 'percent-of-limit').sort(),
      `findings of run ${run.id}`);
      const table = run.protocol === 'UDP' ? '#results-udp' : '#results-tcp';
      assert.equal(await page.locator(`${table} tr[data-run-id="${run.id}"]`).count(), 1, `run ${run.id} in ${table}`);
    }
    // the job's findings once each, as the API sums them up for the job page and the report
    const summaries = await (await fetch(`${baseUrl}/api/v1/jobs/${jobId}/findings`, authorized(token))).json();
    const runKinds = new Set();
    for (const scenario of job.scenarios) {
      (await (await fetch(`${baseUrl}/api/v1/runs/${scenario.runId}/findings`, authorized(token))).json())
        .forEach((finding) => runKinds.add(finding.kind));
    }
    assert.ok(summaries.length > 0 && summaries.every((summary) => runKinds.has(summary.kind)
      || summary.kind === 'direction-asymmetry'), `the job's kinds are its runs': ${JSON.stringify(summaries)}`);
    // each kind once, in the API's order (the page asks for them once the last row is in)
    await page.waitForFunction((kinds) => [...document.querySelectorAll('#job-findings > li')]
      .map((item) => item.dataset.kind).join() === kinds.join(), summaries.map((summary) => summary.kind));
    for (const summary of summaries) {
      const item = await page.locator(`#job-findings > li[data-kind="${summary.kind}"]`).textContent();
      assert.ok(item.includes(summary.summed ? summary.message : `${summary.covers}. `), `${summary.kind}: ${item}`);
    }
    const listed = await page.locator('#job-findings > li').evaluateAll((items) => items
      .map((item) => ({ kind: item.dataset.kind, warning: item.classList.contains('warning') })));
    assert.deepEqual(listed, [...listed].sort((a, b) => b.warning - a.warning), 'warnings first');
    const order = listed.map((item) => item.kind);
    if (order.includes('sender-limited') && order.includes('packet-loss')) {
      assert.ok(order.indexOf('sender-limited') < order.indexOf('packet-loss'), `the sender before the loss: ${order}`);
    }
    const drivers = new Set();
    for (const scenario of job.scenarios) {
      drivers.add((await (await fetch(`${baseUrl}/api/v1/runs/${scenario.runId}`, authorized(token))).json()).driver);
    }
    assert.equal(await page.textContent('#results-driver'), `Driver on ${AGENTS[0]}: ${[...drivers].join(', ')}`);
    const answer = await page.locator('#results').boundingBox();
    const chart = await page.locator('.chart-panel').boundingBox();
    assert.ok(answer.y < chart.y, 'the results come before the live chart');
    assert.ok(answer.y < 900, `the results start on the first screen (at ${answer.y} px)`);
    // the page asks every 2 s: the job's end may come one round after its last run
    await page.waitForFunction(() => /scenarios done · job succeeded/
      .test(document.getElementById('job-progress-text').textContent));
    await page.screenshot({ path: join(results, 'jobs-results.png'), fullPage: true });
  });

  test('one driver on the job\'s pair: "driver A vs driver B" is one click over the same instance type', async () => {
    const other = new URLSearchParams({ sut: 'elsewhere-a', peer: 'elsewhere-b', instanceType: INSTANCE_TYPE,
      driver: 'ENA ARM64 2.2.1' });
    const uploaded = await fetch(`${baseUrl}/api/v1/runs?${other}`, authorized(token, {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: readFileSync(join(projectRoot, 'src', 'test', 'resources', 'iperf3', 'iperf3-312-tcp-1-upload.json')),
    }));
    assert.equal(uploaded.status, 201, await uploaded.text());
    const job = await (await fetch(`${baseUrl}/api/v1/jobs/${jobId}`, authorized(token))).json();
    const jobDriver = (await (await fetch(`${baseUrl}/api/v1/runs/${job.scenarios[0].runId}`, authorized(token)))
      .json()).driver;
    await page.goto(`${baseUrl}/jobs/${jobId}`);
    await page.waitForSelector('#compare-drivers a');
    assert.equal(await page.textContent('#compare-drivers a'),
      `Compare drivers on ${INSTANCE_TYPE}: ENA ARM64 2.2.1 vs ${jobDriver}`);
    await page.click('#compare-drivers a');
    await page.waitForURL((url) => url.pathname === '/compare');
    const query = new URL(page.url()).searchParams;
    assert.deepEqual([query.get('instanceType'), query.getAll('driver'), query.get('baseline')],
      [INSTANCE_TYPE, ['ENA ARM64 2.2.1', jobDriver], 'ENA ARM64 2.2.1'],
      'exactly the two drivers, the other one the baseline the job\'s is measured against');
    assert.deepEqual(await page.$$eval('.compare-form [data-role=group]', (inputs) => inputs.map((i) => i.value)),
      ['ENA ARM64 2.2.1', jobDriver], 'the form shows the baseline first');
    await page.waitForSelector('#compare-table tbody tr');
    const table = await page.textContent('#compare-table tbody');
    for (const driver of ['ENA ARM64 2.2.1', jobDriver]) {
      assert.ok(table.includes(`driver ${driver}`), `driver ${driver} in ${table}`);
    }
  });

  test('opened after the job ended, the page draws each run\'s intervals without the closing sliver, and says so',
    async () => {
      await page.goto(`${baseUrl}/jobs/${jobId}`);
      await page.waitForFunction((count) => window.Chart.getChart(document.getElementById('live-chart'))
        .data.datasets.filter((dataset) => dataset.data.length > 0).length === count, SCENARIOS.length);
      const job = await (await fetch(`${baseUrl}/api/v1/jobs/${jobId}`, authorized(token))).json();
      const leftOut = await assertStoredLines(job);
      const note = page.locator('#live-note');
      assert.equal(await note.isHidden(), leftOut.length === 0, `the note is shown only for a left-out interval`);
      const text = await note.textContent();
      for (const item of leftOut) {
        assert.ok(text.includes(item), `${item} in: ${text}`);
      }
      if (leftOut.length > 0) {
        assert.match(text, /^The last intervals? of scenario .* not drawn: a rate over so short a time/);
      }
      await assertNoOverflowAt400('jobs-reopened-narrow.png');
      await page.screenshot({ path: join(results, 'jobs-reopened.png'), fullPage: true });
    });

  test('the job\'s answer is its first screen at 400 and 1280 px: results and findings above the chart', async () => {
    for (const [width, height] of [[400, 800], [1280, 900]]) {
      await page.setViewportSize({ width, height });
      await page.goto(`${baseUrl}/jobs/${jobId}`);
      await page.waitForFunction((count) => document.querySelectorAll('#results tbody tr').length === count,
        SCENARIOS.length);
      await page.waitForFunction(() => window.Chart.getChart(document.getElementById('live-chart'))
        ?.data.datasets.some((dataset) => dataset.data.length > 0));
      await page.evaluate(() => document.fonts.ready);
      const layout = await page.evaluate(() => {
        const chart = document.querySelector('.chart-panel');
        const before = (element) => Boolean(element.compareDocumentPosition(chart)
          & Node.DOCUMENT_POSITION_FOLLOWING);
        const top = (element) => element.getBoundingClientRect().top + window.scrollY;
        const table = [...document.querySelectorAll('#results table')].find((shown) => shown.offsetParent !== null);
        const findings = document.getElementById('job-findings');
        return { resultsFirst: before(document.getElementById('results')), findingsFirst: before(findings),
          findings: findings.querySelectorAll(':scope > li').length, resultsTop: top(document.getElementById('results')),
          tableTop: top(table), findingsTop: top(findings) };
      });
      const at = `at ${width} px`;
      await assertAnswerOnFirstScreen(width, height);
      assert.ok(layout.resultsFirst, `the results come before the live chart ${at}`);
      assert.ok(layout.findingsFirst, `the job's findings come before the live chart ${at}`);
      assert.ok(layout.tableTop < height, `the results table starts on the first screen ${at} (at ${layout.tableTop} px)`);
      if (width === 1280) {
        assert.ok(layout.resultsTop < height, `the results start on the first screen ${at} (${layout.resultsTop} px)`);
        assert.ok(layout.findings === 0 || layout.findingsTop < height,
          `the findings start on the first screen ${at} (${layout.findingsTop} px)`);
      }
      assert.deepEqual(await overflowingElements(page), [], `nothing sticks out of the window ${at}`);
      const plot = await plotHeight(page, 'live-chart');
      assert.ok(plot >= 240, `the live chart keeps ${plot} px of plot ${at}`);
      await page.screenshot({ path: join(results, `jobs-first-screen-${width}.png`) });
      await page.screenshot({ path: join(results, `jobs-stored-runs-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  test('each scenario links to its run, whose page draws its chart', async () => {
    const job = await (await fetch(`${baseUrl}/api/v1/jobs/${jobId}`, authorized(token))).json();
    for (const scenario of job.scenarios) {
      const link = page.locator(`[data-scenario-id="${scenario.id}"] [data-field="run"] a`);
      assert.equal(await link.getAttribute('href'), `/runs/${scenario.runId}`);
    }
    const second = job.scenarios[1];
    await page.click(`[data-scenario-id="${second.id}"] [data-field="run"] a`);
    await page.waitForURL(`${baseUrl}/runs/${second.runId}`);
    await page.waitForSelector('#throughput-chart[data-ready="true"]');
    const points = await page.evaluate(() => window.Chart.getChart(document.getElementById('throughput-chart'))
      .data.datasets.reduce((sum, dataset) => sum + dataset.data.length, 0));
    assert.ok(points > 0, 'the run page draws the run');
    const run = await (await fetch(`${baseUrl}/api/v1/runs/${second.runId}`, authorized(token))).json();
    assert.equal(run.jobId, jobId);
    assert.equal(run.sut, AGENTS[0]);
    await page.screenshot({ path: join(results, 'jobs-run.png'), fullPage: true });
    assert.deepEqual(pageErrors, [], 'no script errors');
  });

  test('the UDP scenario\'s run has the receiver\'s intervals and its chart plots exactly them', async () => {
    const job = await (await fetch(`${baseUrl}/api/v1/jobs/${jobId}`, authorized(token))).json();
    const udp = job.scenarios.find((scenario) => scenario.protocol === 'UDP');
    const received = await (await fetch(`${baseUrl}/api/v1/runs/${udp.runId}/intervals?side=receiver`,
      authorized(token))).json();
    const byDefault = await (await fetch(`${baseUrl}/api/v1/runs/${udp.runId}/intervals`, authorized(token))).json();
    assert.ok(received.length > 0, 'the agents ran iperf3 with --get-server-output against a -J server');
    assert.deepEqual(byDefault, received, 'the default side is the receiver\'s');

    await page.goto(`${baseUrl}/runs/${udp.runId}`);
    await page.waitForSelector('#throughput-chart[data-ready="true"]');
    const sum = await page.evaluate(() => window.Chart.getChart(document.getElementById('throughput-chart'))
      .data.datasets.find((dataset) => dataset.stream === 'sum').data.map((point) => point.bits));
    assert.deepEqual(sum, splitStub(received.filter((row) => row.stream === 'sum' && !row.omitted)).drawn
      .map((row) => row.bitsPerSecond));
    await page.screenshot({ path: join(results, 'jobs-udp-run.png'), fullPage: true });
  });

  test('an interleaved job of two pairs with a cool-down, from the form: the page shows the wait and compares the pairs',
    async () => {
      await page.goto(`${baseUrl}/jobs/new`);
      await page.selectOption('select[name=sut]', AGENTS[0]);
      await page.selectOption('select[name=peer]', AGENTS[1]);
      await page.locator('select[name=pairSut]').first().selectOption(AGENTS[1]);
      await page.locator('select[name=pairPeer]').first().selectOption(AGENTS[0]);
      await page.check('input[name=plan][value=custom]');
      const row = page.locator('table.scenario-rows tbody.custom-rows tr').first();
      await row.locator('select[name=protocol]').selectOption('TCP');
      await row.locator('input[name=scenarioSeconds]').fill('2');
      await page.selectOption('select[name=order]', 'interleaved');
      await page.fill('input[name=coolDownSeconds]', '3');
      await page.screenshot({ path: join(results, 'jobs-new-pairs.png'), fullPage: true });
      await assertNoOverflowAt400('jobs-new-pairs-narrow.png');
      await page.click('form button[type=submit]:has-text("Start job")');
      await page.waitForURL((url) => /^\/jobs\/\d+$/.test(url.pathname));
      const id = Number(new URL(page.url()).pathname.split('/').pop());

      const pairs = [`${AGENTS[0]}/${AGENTS[1]}`, `${AGENTS[1]}/${AGENTS[0]}`];
      const job = await (await fetch(`${baseUrl}/api/v1/jobs/${id}`, authorized(token))).json();
      assert.deepEqual(job.pairs, [{ sut: AGENTS[0], peer: AGENTS[1] }, { sut: AGENTS[1], peer: AGENTS[0] }]);
      assert.equal(job.order, 'interleaved');
      assert.equal(job.coolDownSeconds, 3);
      assert.match(await page.textContent('h1'), new RegExp(`${AGENTS[0]} → ${AGENTS[1]}, ${AGENTS[1]} → ${AGENTS[0]}`));
      // The first scenario may wait too (the agents ran the job before); the second always does.
      await page.waitForFunction(() => !document.getElementById('job-cooling').hidden
        && document.getElementById('job-cooling').textContent.includes('before scenario 2'));
      assert.match(await page.textContent('#job-cooling'),
        /^Cooling down 3 s before scenario 2 \(TCP 1 stream upload on lab-peer → lab-sut\).*UTC, in \d+ s\.$/);
      await page.screenshot({ path: join(results, 'jobs-cooling.png'), fullPage: true });
      await assertNoOverflowAt400('jobs-cooling-narrow.png');
      await page.waitForFunction(() => document.getElementById('job-status').textContent.trim() === 'SUCCEEDED');
      assert.equal(await page.isHidden('#job-cooling'), true, 'the wait is gone once the scenario started');

      assert.equal(await page.locator('#compare-directions').count(), 0, 'upload only: no "upload vs download"');
      const compare = page.locator('#compare-pairs');
      const href = new URL(await compare.getAttribute('href'), baseUrl);
      assert.equal(href.searchParams.get('job'), String(id));
      assert.equal(href.searchParams.get('groupBy'), 'pair');
      assert.deepEqual(href.searchParams.getAll('pair'), pairs);
      await compare.click();
      await page.waitForURL((url) => url.pathname === '/compare');
      await page.waitForFunction(() => document.querySelectorAll('#compare-table tbody tr').length >= 2);
      const groups = await page.locator('#compare-table tbody').textContent();
      assert.ok(pairs.every((pair) => groups.includes(pair)), groups);
      await page.screenshot({ path: join(results, 'jobs-compare-pairs.png'), fullPage: true });
      assert.deepEqual(pageErrors, [], 'no script errors');
    });
});

/** A 400 px wide screenshot, and the page does not scroll sideways at that width. */
async function assertNoOverflowAt400(name) {
  await page.setViewportSize({ width: 400, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  await page.screenshot({ path: join(results, name), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  assert.ok(overflow <= 0, `${name}: the page is ${overflow} px wider than 400 px`);
}

/** The environment note is on the page, as text. */
async function assertNote() {
  const note = page.locator('#environment-note');
  assert.equal(await note.count(), 1, `environment note on ${page.url()}`);
  assert.ok((await note.textContent()).includes(NOTE), await note.textContent());
  assert.equal(await note.locator('b').count(), 0, 'markup in the note is not markup on the page');
}

async function narrowScreenshot(name) {
  await page.setViewportSize({ width: 400, height: 800 });
  await page.screenshot({ path: join(results, name), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * The first screen answers: the hosts with their instance type, limits and drivers; the short answer whole; each
 * scenario covered by a sentence stating its own verdict (as the API has it); at 1280 px every row's verdict cell too.
 */
async function assertAnswerOnFirstScreen(width, height) {
  const at = `at ${width} × ${height}`;
  const results = await (await fetch(`${baseUrl}/api/v1/jobs/${jobId}/results`, authorized(token))).json();
  const shown = await page.evaluate(() => {
    const box = (element) => {
      const rect = element.getBoundingClientRect();
      return { top: rect.top + window.scrollY, bottom: rect.bottom + window.scrollY, visible: rect.height > 0 };
    };
    const answer = document.getElementById('job-answer');
    return {
      hosts: [...document.querySelectorAll('#job-hosts li')].map((item) => ({ text: item.textContent,
        role: item.dataset.role, ...box(item) })),
      answer: { text: answer.textContent, ...box(answer) },
      sentences: [...answer.querySelectorAll('span')].map((span) => ({ covers: span.dataset.covers.split(','),
        verdicts: span.dataset.verdicts.split(',') })),
      verdicts: [...document.querySelectorAll('#results tr[data-run-id] td[data-figure="verdict"]')]
        .map((td) => ({ verdict: td.dataset.verdict, ...box(td) })),
    };
  });
  assert.deepEqual(shown.hosts.map((host) => host.text), results.hosts.map((host) => host.text),
    `the header names the hosts as the API does ${at}`);
  assert.deepEqual(shown.hosts.map((host) => host.role), ['SUT', 'peer']);
  assert.match(shown.hosts[0].text, new RegExp(`^SUT ${AGENTS[0]}: ${INSTANCE_TYPE}, burst 5 Gbit/s, baseline `
    + '512 Mbit/s; driver '), 'the SUT with its instance type, limits and driver');
  assert.match(shown.hosts[1].text, new RegExp(`^Peer ${AGENTS[1]}: .*; driver `), 'the peer and its driver');
  assert.ok(shown.hosts.every((host) => host.visible && host.bottom <= height), `the hosts on the first screen ${at}`);
  assert.equal(shown.answer.text, results.answer.text, 'the answer is the server\'s');
  assert.ok(shown.answer.visible && shown.answer.bottom <= height,
    `the whole answer on the first screen ${at} (it ends at ${shown.answer.bottom} px)`);
  for (const row of [...results.tcp, ...results.udp]) {
    const sentence = shown.sentences.find((each) => each.covers.includes(String(row.position)));
    assert.ok(sentence, `scenario ${row.position} is in the answer: ${shown.answer.text}`);
    assert.ok(sentence.verdicts.includes(row.run.verdict.id),
      `scenario ${row.position}'s verdict ${row.run.verdict.id} is stated: ${shown.answer.text}`);
  }
  assert.equal(shown.verdicts.length, results.tcp.length + results.udp.length, 'a verdict in every row');
  if (width >= 1280) {
    assert.ok(shown.verdicts.every((cell) => cell.visible && cell.bottom <= height),
      `every row's verdict on the first screen ${at}`);
  }
}

/** Each scenario's line is its run's stored sum intervals as received; returns the left-out slivers, named. */
async function assertStoredLines(job) {
  const lines = await page.evaluate(() => window.Chart.getChart(document.getElementById('live-chart')).data
    .datasets.map((dataset) => ({ label: dataset.label, points: dataset.data.map(({ x, y }) => ({ x, y })) })));
  const names = await scenarioNames();
  const leftOut = [];
  for (const [index, scenario] of job.scenarios.entries()) {
    const rows = await (await fetch(`${baseUrl}/api/v1/runs/${scenario.runId}/intervals`,
      authorized(token))).json();
    const { drawn, stub } = splitStub(rows.filter((row) => row.stream === 'sum' && !row.omitted));
    assert.deepEqual(lines.find((line) => line.label === names[index]).points,
      drawn.map((row) => ({ x: row.end, y: row.bitsPerSecond / 1e9 })), `the line of scenario ${index + 1}`);
    if (stub) {
      leftOut.push(`scenario ${index + 1} (${stub.start.toFixed(2)}–${stub.end.toFixed(2)} s`);
    }
  }
  return leftOut;
}

/** Points per dataset of the live chart, read from the Chart.js instance. */
function livePoints() {
  return page.evaluate(() => {
    const { datasets } = window.Chart.getChart(document.getElementById('live-chart')).data;
    const counts = datasets.map((dataset) => dataset.data.length);
    return { labels: datasets.map((d) => d.label), counts, total: counts.reduce((a, b) => a + b, 0) };
  });
}

function scenarioNames() {
  return page.locator('#scenarios tbody tr td:nth-child(2)').allTextContents();
}

async function startServer() {
  const port = await freePort();
  const iperf3Port = await freePortRange(SCENARIOS.length);
  baseUrl = `http://127.0.0.1:${port}`;
  // A copy, so that a `mvn package` during the test cannot pull the jar out from under the running server.
  const jar = join(workDir, 'burstline.jar');
  copyFileSync(serverJarBuilt, jar);
  const log = join(results, 'jobs-server.log');
  launch('server', ['-jar', jar, `--burstline.data-dir=${join(workDir, 'data')}`, `--server.port=${port}`,
    `--burstline.api-token=${token}`, `--burstline.agent-token=${agentToken}`, '--burstline.agents.tls.port=0',
    '--burstline.agents.heartbeat-seconds=1', `--burstline.jobs.iperf3-port=${iperf3Port}`,
    `--burstline.jobs.iperf3-ports=${SCENARIOS.length}`, `--burstline.environment-note=${NOTE}`], log);
  await until(`the server to report UP on ${baseUrl}/actuator/health (log: ${log})`, async () => {
    const response = await fetch(`${baseUrl}/actuator/health`);
    return response.ok && (await response.json()).status === 'UP';
  });
}

async function startAgent(name) {
  const port = await freePort();
  const jar = join(workDir, 'burstline-agent.jar');
  if (!existsSync(jar)) {
    copyFileSync(agentJarBuilt, jar);
  }
  const log = join(results, `jobs-agent-${name}.log`);
  launch(name, ['-jar', jar, '--server', baseUrl, '--token', agentToken, '--name', name,
    '--listen', `127.0.0.1:${port}`, '--spool', join(workDir, `spool-${name}`)], log);
  await until(`agent ${name} to listen (log: ${log})`, async () => readFileSync(log, 'utf8').includes('listening at'));
}

/** Starts java in its own process group, so stop() also reaches the iperf3 an agent may have started. */
function launch(name, args, logPath) {
  const log = openSync(logPath, 'w');
  const child = spawn('java', args, { stdio: ['ignore', log, log], detached: true });
  const exited = new Promise((done) => child.once('exit', done));
  processes.push({ name, child, exited });
}

async function stop({ child, exited }) {
  if (child.exitCode !== null || child.signalCode !== null) {
    return;
  }
  signalGroup(child, 'SIGTERM');
  const stopped = await Promise.race([exited.then(() => true),
    new Promise((wait) => setTimeout(() => wait(false), 15_000))]);
  if (!stopped) {
    signalGroup(child, 'SIGKILL');
    await exited;
  }
}

function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

/** Waits for a condition, not for a time: checks every 250 ms until it holds or PATIENCE runs out. */
async function until(what, condition) {
  const deadline = Date.now() + PATIENCE;
  while (Date.now() < deadline) {
    const dead = processes.find((started) => started.child.exitCode !== null);
    if (dead) {
      throw new Error(`${dead.name} exited with ${dead.child.exitCode} while waiting for ${what}`);
    }
    if (await condition().catch(() => false)) {
      return;
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The first of n consecutive free ports: scenarios take the peer's iperf3 ports in turn. */
async function freePortRange(n) {
  for (;;) {
    const first = await freePort();
    if (first + n <= 65535 && (await Promise.all([...Array(n).keys()].map((i) => isFree(first + i)))).every(Boolean)) {
      return first;
    }
  }
}

function isFree(port) {
  return new Promise((done) => {
    const probe = createServer();
    probe.once('error', () => done(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => done(true)));
  });
}

function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
}
