// The trends page's latency in Chromium: issue 31's driver update that doubled round trips at the same throughput.
// The real server jar and two stand-in agents (a loopback HTTP server that accepts the server's calls, as the Java
// tests' TestAgent does) run a job of twelve TCP scenarios; each result is a real lab iperf3 output (6 of one run,
// 6 of another at the same rate; each with its own cookie, as two real runs have) with the probe's real report, the
// last six under driver 2.3.0 with every round trip doubled. The page must draw the p99 under load on its own axis,
// mark its change point, list it as worse, and show no throughput change, at 1280 and 400 px.
// Needs ../target/burstline.jar (mvn -B -q -DskipTests package).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { plotHeight } from './support/layout.mjs';
import {
  authorized, closeTest, openPage, projectRoot, results, samples, startTestServer, until,
} from './support/server.mjs';
import { startStandInAgents } from './support/stand-in-agents.mjs';

const AGENTS = ['lat-a', 'lat-b'];
const QUERY = 'sut=lat-a&peer=lat-b&protocol=TCP&direction=upload&streams=1';
const PROBE = JSON.parse(readFileSync(join(projectRoot, 'src', 'test', 'resources', 'latency',
  'probe-report-loopback.json'), 'utf8'));

let baseUrl;
let stopServer = async () => {};
let workDir;
let token;
let agentToken;
let secrets;
let nonces;
let agentCall;
let stopAgents;
let context;
let page;
const runs = [];
const pageErrors = [];
const cspViolations = [];

describe('latency on the trends page in Chromium', () => {
  before(async () => {
    ({ baseUrl, stop: stopServer, workDir, token, agentToken } = await startTestServer('trends-latency',
      ['--burstline.agents.heartbeat-seconds=1']));
    ({ secrets, nonces, agentCall, close: stopAgents } = await startStandInAgents(baseUrl, agentToken, AGENTS,
      '2.2.1'));
    await runJob();
    ({ context, page } = await openPage(workDir, { baseUrl, token, pageErrors, cspViolations }));
  });

  after(async () => {
    stopAgents?.();
    await closeTest({ context, stop: stopServer, workDir });
  });

  test('marks the doubled p99 under load as a worse change and the throughput as unchanged', async () => {
    const api = await (await fetch(`${baseUrl}/api/v1/trends?${QUERY}`, authorized(token))).json();
    assert.equal(api.changePoints.length, 0, JSON.stringify(api.changePoints));
    assert.equal(api.latencyChangePoints.length, 1, JSON.stringify(api.latencyChangePoints));
    const change = api.latencyChangePoints[0];
    assert.equal(change.runId, runs[6]);
    assert.equal(change.worse, true);

    for (const width of [1280, 400]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${baseUrl}/trends?${QUERY}`);
      await page.waitForSelector('#trend-chart[data-ready="true"]');
      await page.waitForFunction((w) => window.Chart.getChart(document.getElementById('trend-chart')).width < w,
        width);
      await page.screenshot({ path: join(results, `trends-latency-${width}.png`), fullPage: true });
      const chart = await page.evaluate(() => {
        const instance = window.Chart.getChart(document.getElementById('trend-chart'));
        const lines = instance.config.options.plugins.annotation.annotations;
        const latency = instance.data.datasets.find((set) => set.yAxisID === 'latency' && set.showLine === false);
        return { latency: latency?.data.map((p) => p.y), label: latency?.label, keys: Object.keys(lines),
          change: lines.latencyChange0 && { x: lines.latencyChange0.xMin, label: lines.latencyChange0.label.content },
          axis: instance.options.scales.latency?.title.text,
          legend: instance.legend.legendItems.map((item) => item.text) };
      });
      assert.deepEqual(chart.latency, api.points.map((p) => p.loadedP99Ms));
      assert.equal(chart.label, 'p99 under load (ms)');
      assert.equal(chart.axis, 'p99 under load (ms), lower is better');
      assert.equal(chart.change.x, Date.parse(change.time));
      assert.equal(chart.change.label, `p99 under load ${change.changePercent.toFixed(1)}% (worse)`);
      assert.ok(!chart.keys.includes('change0'), `no throughput change is marked: ${chart.keys}`);
      assert.ok(chart.legend.includes(chart.change.label), `the change in the legend: ${chart.legend}`);

      const items = page.locator('#trend-changes li');
      assert.deepEqual(await items.allTextContents(), ['No change point: the series is steady.',
        `${change.description} (p = ${change.pValue.toFixed(3)})`]);
      assert.equal(await items.nth(1).getAttribute('class'), 'worse');
      assert.match(change.description, /^TCP 1 stream upload on lat-a → lat-b: p99 under load rose 100\.0% from 380 ms to 759 ms \(worse\) at run \d+, after the driver changed from ena 2\.2\.1 to ena 2\.3\.0$/);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `no horizontal overflow at ${width} px (${overflow} px too wide)`);
      const plot = await plotHeight(page, 'trend-chart');
      assert.ok(plot >= 240, `the chart keeps ${plot} px of plot at ${width} px`);
    }
    assert.deepEqual(pageErrors, []);
    assert.deepEqual(cspViolations, []);
  });
});

/** One job of twelve scenarios, answered as the agents would: six under 2.2.1, six under 2.3.0 with doubled times. */
async function runJob() {
  const created = await fetch(`${baseUrl}/api/v1/jobs`, authorized(token, { method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ sut: AGENTS[0], peer: AGENTS[1], repeat: 12,
      scenarios: [{ protocol: 'TCP', durationSeconds: 2, intervalSeconds: 1 }] }) }));
  const job = JSON.parse(await created.text());
  assert.equal(created.status, 201, JSON.stringify(job));
  for (let position = 0; position < 12; position++) {
    const scenario = await until(`scenario ${position} to run`, async () => {
      const current = await (await fetch(`${baseUrl}/api/v1/jobs/${job.id}`, authorized(token))).json();
      return current.scenarios[position].status === 'RUNNING' ? current.scenarios[position] : null;
    });
    const nonce = await until('the SUT to be sent the scenario', async () => nonces[scenario.id]);
    const later = position >= 6;
    const sample = later ? 'iperf3-312-tcp-1-upload-server-lab.json' : 'iperf3-312-tcp-1-upload.json';
    const stored = await agentCall(`/api/v1/agents/${AGENTS[0]}/results`, {
      jobId: job.id, scenarioId: scenario.id, attempt: scenario.attempt, nonce, succeeded: true,
      output: ownRun(readFileSync(join(samples, sample), 'utf8'), scenario.id), outputFormat: 'json', stderr: '',
      exitCode: 0, command: ['iperf3', '-c', '127.0.0.1', '-J'],
      facts: { osName: 'Linux', instanceType: 't4g.large', routeInterface: 'eth0',
        interfaces: [{ name: 'eth0', driver: 'ena', driverVersion: later ? '2.3.0' : '2.2.1' }] },
      latency: later ? doubled(PROBE) : PROBE,
    }, secrets[AGENTS[0]]);
    const answer = await stored.text();
    assert.equal(stored.status, 200, answer);
    runs.push(JSON.parse(answer).runId);
  }
}

/** iperf3 draws a random cookie for every test, so two real runs never print the same bytes: one per scenario. */
function ownRun(output, scenarioId) {
  const cookie = /"cookie":\s*"([a-z0-9]{36})"/.exec(output)[1];
  const drawn = createHash('sha256').update(`${scenarioId}/${cookie}`).digest('hex').slice(0, 36);
  return output.replaceAll(cookie, drawn);
}

/** The report with every time in it (each field ending in Ms) doubled: what a driver doubling round trips sends. */
function doubled(value) {
  if (Array.isArray(value)) return value.map(doubled);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([name, field]) => [name,
    name.endsWith('Ms') && typeof field === 'number' ? field * 2 : doubled(field)]));
}
