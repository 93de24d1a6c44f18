// The compare page in a real browser against the real server jar: runs of two drivers uploaded through the API, then
// the page must draw one bar dataset per driver with the API's means and the labelled burst-limit and baseline lines.
// Needs ../target/burstline.jar (mvn -B -q -DskipTests package).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumPath, launchBrowser, projectRoot, results, samples, serverJar, startServer, authorized, signInWithToken } from './support/server.mjs';

const token = `test-token-compare-${process.pid}-0123456789`;
const GBIT = 1e9;
const SCENARIOS = ['tcp-1-upload', 'tcp-4-download', 'udp-1g-upload'];

let stopServer = async () => {};
let baseUrl;
let context;
let page;
let workDir;
const pageErrors = [];

describe('compare page in Chromium', () => {
  before(async () => {
    assert.ok(existsSync(serverJar), `${serverJar} is missing; build it first: (cd ${projectRoot} && mvn -B -q -DskipTests package)`);
    assert.ok(existsSync(chromiumPath), `no Chromium at ${chromiumPath}; set CHROMIUM_PATH`);
    mkdirSync(results, { recursive: true });
    workDir = mkdtempSync(join(tmpdir(), 'burstline-compare-'));
    ({ baseUrl, stop: stopServer } = await startServer({ workDir, logName: 'compare-server.log',
      args: [`--burstline.api-token=${token}`] }));
    for (const scenario of SCENARIOS) {
      await upload(`iperf3-312-${scenario}.json`, 'ENA 2.10.0');
      await upload(`iperf3-318-${scenario}.json`, 'ENA 2.11.0');
    }
    ({ context, page } = await launchBrowser(workDir, { width: 1280, height: 900 }));
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signInWithToken(page, baseUrl, token);
  });

  after(async () => {
    await context?.close().catch(() => {});
    await stopServer();
    if (workDir) {
      rmSync(workDir, { recursive: true, force: true });
    }
  });

  test('draws grouped bars per scenario with the burst limit and baseline lines', async () => {
    const query = 'groupBy=driver&driver=ENA+2.10.0&driver=ENA+2.11.0&sut=cmp-a';
    const api = await (await fetch(`${baseUrl}/api/v1/compare?${query}`, authorized(token))).json();
    await page.goto(`${baseUrl}/compare?${query}`);
    await page.waitForSelector('#compare-chart[data-ready="true"]');
    await page.screenshot({ path: join(results, 'compare-page.png'), fullPage: true });

    const chart = await chartContents('compare-chart');
    assert.equal(chart.type, 'bar');
    assert.deepEqual(chart.datasets.map((d) => d.label), ['ENA 2.10.0', 'ENA 2.11.0']);
    assert.equal(chart.labels.length, SCENARIOS.length);
    for (const [d, dataset] of chart.datasets.entries()) {
      assert.deepEqual(dataset.data, api.scenarios.map((s) => s.groups[d].mean / GBIT), `bars of ${dataset.label}`);
    }
    assert.equal(chart.annotations.burstLimit.y, 5);
    assert.equal(chart.annotations.burstLimit.label, 'burst limit 5 Gbit/s');
    assert.equal(chart.annotations.baseline.y, 0.512);
    assert.equal(chart.annotations.baseline.label, 'baseline 0.512 Gbit/s');
    assert.ok(chart.burstLineRedPixels > 20, 'the burst limit line is drawn at 5 Gbit/s');
    assert.ok(chart.barPixels > 1000, `the bars are painted (${chart.barPixels} pixels)`);

    const rows = await page.locator('#compare-table tbody tr').count();
    assert.equal(rows, SCENARIOS.length * 2);
    const verdict = await page.locator('#compare-table tbody tr').first().locator('td').last().textContent();
    assert.equal(verdict, api.scenarios[0].comparison.verdict);
    assert.equal(await page.inputValue('input[data-role=group] >> nth=1'), 'ENA 2.11.0');
    assert.deepEqual(pageErrors, []);
  });

  test('a bad selection shows the API\'s problem in words', async () => {
    await page.goto(`${baseUrl}/compare?groupBy=colour`);
    await page.waitForSelector('#compare-problem:not([hidden])');
    assert.match(await page.textContent('#compare-problem'), /groupBy must be one of driver, instanceType, sut, tag/);
  });
});

async function upload(fileName, driver) {
  const query = new URLSearchParams({ instanceType: 't4g.large', driver, sut: 'cmp-a', peer: 'cmp-b' });
  const response = await fetch(`${baseUrl}/api/v1/runs?${query}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: readFileSync(join(samples, fileName)),
  });
  assert.equal(response.status, 201, `${fileName}: ${await response.text()}`);
}

/** What Chart.js holds for the canvas, plus what it painted (bar colour and the red burst line). */
function chartContents(canvasId) {
  return page.evaluate((id) => {
    const canvas = document.getElementById(id);
    const chart = window.Chart.getChart(canvas);
    const lines = chart.config.options.plugins.annotation.annotations;
    const annotation = (line) => ({ y: line.yMin, label: line.label.content });
    const context2d = canvas.getContext('2d');
    const pixels = context2d.getImageData(0, 0, canvas.width, canvas.height).data;
    let bars = 0;
    for (let i = 0; i < pixels.length; i += 4) {
      bars += pixels[i] === 0x64 && pixels[i + 1] === 0x74 && pixels[i + 2] === 0x8b ? 1 : 0;
    }
    const row = Math.round(chart.scales.y.getPixelForValue(5) * chart.currentDevicePixelRatio);
    const line = context2d.getImageData(0, row, canvas.width, 1).data;
    let red = 0;
    for (let i = 0; i < line.length; i += 4) {
      red += line[i] > 150 && line[i + 1] < 80 && line[i + 2] < 80 ? 1 : 0;
    }
    return {
      type: chart.config.type,
      labels: chart.data.labels,
      datasets: chart.data.datasets.map((d) => ({ label: d.label, data: d.data })),
      annotations: { burstLimit: annotation(lines.burstLimit), baseline: annotation(lines.baseline) },
      barPixels: bars,
      burstLineRedPixels: red,
    };
  }, canvasId);
}

