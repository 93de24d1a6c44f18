// The trends page in a real browser against the real server jar. The series is 16 real iperf3 runs made here on
// loopback: 8 paced by iperf3 itself at 2 Gbit/s, then 8 at 500 Mbit/s (uploaded under another driver), so the page
// must show one change point at the first limited run, its sentence from the API, and the driver change marked.
// Needs ../target/burstline.jar (mvn -B -q -DskipTests package) and iperf3.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { plotHeight } from './support/layout.mjs';
import { authorized, closeTest, freePort, openPage, results, startTestServer } from './support/server.mjs';

let token;
const QUERY = 'sut=trend-a&peer=trend-b&protocol=TCP&direction=upload&streams=1';

let stopServer = async () => {};
let baseUrl;
let context;
let page;
let workDir;
const uploaded = [];
const pageErrors = [];
const cspViolations = [];

describe('trends page in Chromium', () => {
  before(async () => {
    ({ baseUrl, stop: stopServer, workDir, token } = await startTestServer('trends'));
    for (let i = 0; i < 16; i++) {
      const limited = i >= 8;
      uploaded.push(await upload(await measure(['-b', limited ? '500M' : '2G']), limited ? '2.3.0' : '2.2.1'));
    }
    ({ context, page } = await openPage(workDir, { baseUrl, token, pageErrors, cspViolations }));
  });

  after(async () => {
    await closeTest({ context, stop: stopServer, workDir });
  });

  test('draws the series, marks the change point and the driver change, and says what changed', async () => {
    const api = await (await fetch(`${baseUrl}/api/v1/trends?${QUERY}`, authorized(token))).json();
    assert.equal(api.changePoints.length, 1, JSON.stringify(api.changePoints));
    assert.equal(api.changePoints[0].runId, uploaded[8]);

    await page.goto(`${baseUrl}/trends?${QUERY}`);
    await page.waitForSelector('#trend-chart[data-ready="true"]');
    await page.screenshot({ path: join(results, 'trends-wide.png'), fullPage: true });
    const chart = await page.evaluate(() => {
      const instance = window.Chart.getChart(document.getElementById('trend-chart'));
      const lines = instance.config.options.plugins.annotation.annotations;
      return { points: instance.data.datasets[0].data.map((p) => p.y), keys: Object.keys(lines),
        change: lines.change0 && { x: lines.change0.xMin, label: lines.change0.label.content },
        driver: lines.driver0 && lines.driver0.label.content,
        onPlot: Object.keys(lines).filter((key) => lines[key].label?.display),
        legend: instance.legend.legendItems.map((item) => item.text) };
    });
    assert.deepEqual(chart.points, api.points.map((p) => p.receivedBitsPerSecond / 1e9));
    assert.equal(chart.change.x, Date.parse(api.changePoints[0].time));
    assert.equal(chart.change.label, `change ${api.changePoints[0].changePercent.toFixed(1)}%`);
    assert.equal(chart.driver, 'driver 2.3.0');
    assert.deepEqual(chart.onPlot, [], 'no name is drawn on the plot, over the runs');
    for (const name of [chart.change.label, chart.driver, 'burst limit', 'baseline']) {
      assert.ok(chart.legend.some((text) => text.startsWith(name)), `${name} in the legend: ${chart.legend}`);
    }
    assert.ok(chart.keys.includes('burstLimit') && chart.keys.includes('baseline'), chart.keys.join());

    const change = page.locator('#trend-changes li');
    assert.equal(await change.count(), 1);
    const text = await change.textContent();
    assert.ok(text.startsWith(api.changePoints[0].description), text);
    assert.match(text, /^TCP 1 stream upload on trend-a → trend-b dropped \d+\.\d% at run \d+, after the driver changed from 2\.2\.1 to 2\.3\.0/);
    assert.equal(await page.inputValue('input[name=sut]'), 'trend-a');

    await page.setViewportSize({ width: 400, height: 800 });
    // Chart.js redraws on its resize observer: read the plot once the chart has taken the narrow width
    await page.waitForFunction(() => window.Chart.getChart(document.getElementById('trend-chart')).width < 400);
    await page.screenshot({ path: join(results, 'trends-narrow.png'), fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no horizontal overflow at 400 px (${overflow} px too wide)`);
    const plot = await plotHeight(page, 'trend-chart');
    assert.ok(plot >= 240, `the chart keeps ${plot} px of plot at 400 px`);
    await page.setViewportSize({ width: 1280, height: 900 });
    assert.deepEqual(pageErrors, []);
    assert.deepEqual(cspViolations, []);
  });

  test('the steady part alone has no change and says so', async () => {
    await page.goto(`${baseUrl}/trends?${QUERY}&driver=2.2.1`);
    await page.waitForSelector('#trend-chart[data-ready="true"]');
    assert.equal(await page.textContent('#trend-changes'), 'No change point: the series is steady.');
  });

  test('bad input shows the API\'s problem in words', async () => {
    await page.goto(`${baseUrl}/trends?sut=trend-a&streams=four`);
    await page.waitForSelector('#trend-problem:not([hidden])');
    assert.match(await page.textContent('#trend-problem'), /streams must be a whole number/);
    assert.equal(await page.locator('a.active', { hasText: 'Trends' }).count(), 1);
    await page.goto(`${baseUrl}/trends?sut=trend-a&last=1`);
    await page.waitForSelector('#trend-problem:not([hidden])');
    assert.match(await page.textContent('#trend-problem'), /last must be between 2 and 10000/);
  });
});

/** One real 1 s iperf3 upload on loopback; extra client arguments (the rate limit) come as a list, never a shell. */
async function measure(extra) {
  const port = await freePort();
  const server = spawn('iperf3', ['-s', '-1', '-B', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
  try {
    await new Promise((wait) => setTimeout(wait, 300));
    return execFileSync('iperf3', ['-c', '127.0.0.1', '-p', String(port), '-t', '1', '-i', '0.5', '-J', ...extra],
      { timeout: 20_000 });
  } finally {
    server.kill();
  }
}

async function upload(body, driver) {
  const query = new URLSearchParams({ instanceType: 't4g.large', driver, sut: 'trend-a', peer: 'trend-b' });
  const response = await fetch(`${baseUrl}/api/v1/runs?${query}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body,
  });
  const text = await response.text();
  assert.equal(response.status, 201, text);
  return JSON.parse(text).id;
}
