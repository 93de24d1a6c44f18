// The compare page in a real browser against the real server jar: runs of two drivers uploaded through the API, then
// the page must draw one bar dataset per driver with the API's means and the labelled burst-limit and baseline lines.
// Needs ../target/burstline.jar (mvn -B -q -DskipTests package).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const projectRoot = resolve(here, '..', '..');
const jar = join(projectRoot, 'target', 'burstline.jar');
const samples = join(projectRoot, 'src', 'test', 'resources', 'iperf3');
const results = resolve(here, '..', 'test-results');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const token = `test-token-compare-${process.pid}`;
const GBIT = 1e9;
const SCENARIOS = ['tcp-1-upload', 'tcp-4-download', 'udp-1g-upload'];

let server;
let serverExit;
let baseUrl;
let context;
let page;
let workDir;
const pageErrors = [];

describe('compare page in Chromium', () => {
  before(async () => {
    assert.ok(existsSync(jar), `${jar} is missing; build it first: (cd ${projectRoot} && mvn -B -q -DskipTests package)`);
    assert.ok(existsSync(chromiumPath), `no Chromium at ${chromiumPath}; set CHROMIUM_PATH`);
    mkdirSync(results, { recursive: true });
    workDir = mkdtempSync(join(tmpdir(), 'burstline-compare-'));
    await startServer();
    for (const scenario of SCENARIOS) {
      await upload(`iperf3-312-${scenario}.json`, 'ENA 2.10.0');
      await upload(`iperf3-318-${scenario}.json`, 'ENA 2.11.0');
    }
    context = await chromium.launchPersistentContext(join(workDir, 'chromium-profile'), {
      executablePath: chromiumPath,
      headless: true,
      viewport: { width: 1280, height: 900 },
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
        '--no-first-run'],
    });
    page = context.pages()[0] ?? await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
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
    const api = await (await fetch(`${baseUrl}/api/v1/compare?${query}`)).json();
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

async function startServer() {
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  const log = openSync(join(results, 'compare-server.log'), 'w');
  // A copy, so that a `mvn package` during the test cannot pull the jar out from under the running server.
  const serverJar = join(workDir, 'burstline.jar');
  copyFileSync(jar, serverJar);
  server = spawn('java', ['-jar', serverJar, `--burstline.data-dir=${join(workDir, 'data')}`, `--server.port=${port}`,
    `--burstline.api-token=${token}`], { stdio: ['ignore', log, log] });
  serverExit = new Promise((done) => server.once('exit', done));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && server.exitCode === null) {
    if (await healthy()) {
      return;
    }
    await new Promise((wait) => setTimeout(wait, 500));
  }
  const tail = readFileSync(join(results, 'compare-server.log'), 'utf8').split('\n').slice(-30).join('\n');
  throw new Error(`the server did not report UP on ${baseUrl}/actuator/health; its log ends:\n${tail}`);
}

async function healthy() {
  try {
    const response = await fetch(`${baseUrl}/actuator/health`);
    return response.ok && (await response.json()).status === 'UP';
  } catch {
    return false;
  }
}

async function stopServer() {
  if (!server || server.exitCode !== null) {
    return;
  }
  server.kill('SIGTERM');
  const stopped = await Promise.race([serverExit.then(() => true),
    new Promise((wait) => setTimeout(() => wait(false), 15_000))]);
  if (!stopped) {
    server.kill('SIGKILL');
    await serverExit;
  }
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
