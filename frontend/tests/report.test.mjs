// The printable report page in a real browser against the real server jar: real iperf3 runs uploaded through the API,
// then /reports must show the TCP and UDP tables with one row per scenario and direction, figures formatted as the
// report writes them from the runs' own summaries, and draw the comparison chart.
// Needs ../target/burstline.jar (mvn -B -q -DskipTests package).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser, results, samples, startTestServer, signInWithToken } from './support/server.mjs';

let token;
const GBIT = 1e9;

let stopServer = async () => {};
let baseUrl;
let context;
let page;
let workDir;
const pageErrors = [];
const runs = {};

describe('printable report page in Chromium', () => {
  before(async () => {
    ({ baseUrl, stop: stopServer, workDir, token } = await startTestServer('report'));
    for (const scenario of ['tcp-1-upload', 'tcp-1-download', 'tcp-4-download', 'udp-1g-upload', 'udp-5g-upload']) {
      runs[scenario] = await upload(`iperf3-312-${scenario}.json`);
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

  test('shows the TCP and UDP tables with the runs\' figures and draws the chart', async () => {
    await page.goto(`${baseUrl}/reports?sut=rep-a`);
    await page.waitForSelector('#compare-chart[data-ready="true"]');
    await page.screenshot({ path: join(results, 'report-page.png'), fullPage: true });

    assert.deepEqual(await tableRows('table.tcp'), [
      ['TCP 1 stream', 'Upload', rate(runs['tcp-1-upload']), ofBurst(runs['tcp-1-upload']),
        String(runs['tcp-1-upload'].retransmits)],
      ['TCP 1 stream', 'Download', rate(runs['tcp-1-download']), ofBurst(runs['tcp-1-download']),
        String(runs['tcp-1-download'].retransmits)],
      ['TCP 4 streams', 'Download', rate(runs['tcp-4-download']), ofBurst(runs['tcp-4-download']),
        String(runs['tcp-4-download'].retransmits)],
    ]);
    const udpRow = (scenario, run) => [scenario, 'Upload', rate(run), ofBurst(run), loss(run), jitter(run)];
    assert.deepEqual(await tableRows('table.udp'), [
      udpRow('UDP 1 Gbit/s', runs['udp-1g-upload']),
      udpRow('UDP 5 Gbit/s', runs['udp-5g-upload']),
    ]);
    assert.match(await page.textContent('h1'), /Network throughput on t4g\.large/);
    assert.match(await page.textContent('table.environment'), /ENA 2\.10\.0/);
    const commands = await page.textContent('pre code');
    assert.match(commands, /iperf3 -c rep-b -P 4 -R -t 5 --get-server-output -J/);
    assert.match(commands, /iperf3 -c rep-b -u -b 5G -t 5 --get-server-output -J/);
    const ink = await page.locator('pre').evaluate((pre) => [getComputedStyle(pre).color,
      getComputedStyle(pre).backgroundColor]);
    assert.notEqual(ink[0], 'rgb(249, 250, 251)', `the commands are readable on their background (${ink})`);

    const chart = await chartContents('compare-chart');
    assert.equal(chart.type, 'bar');
    assert.deepEqual(chart.datasets.map((d) => d.label), ['driver ENA 2.10.0']);
    const order = ['tcp-1-upload', 'tcp-1-download', 'tcp-4-download', 'udp-1g-upload', 'udp-5g-upload'];
    assert.deepEqual(chart.datasets[0].data, order.map((name) => runs[name].receivedBitsPerSecond / GBIT));
    assert.equal(chart.burstLimit, 5);
    assert.ok(chart.barPixels > 1000, `the bars are painted (${chart.barPixels} pixels)`);
    assert.deepEqual(pageErrors, []);
  });

  test('a selection without runs says so instead of drawing', async () => {
    const response = await page.goto(`${baseUrl}/reports?sut=nobody`);
    assert.equal(response.status(), 400);
    assert.match(await page.textContent('[role=alert]'), /matches no runs/);
    assert.equal(await page.locator('#compare-chart').count(), 0);
  });
});

async function upload(fileName) {
  const query = new URLSearchParams({ instanceType: 't4g.large', driver: 'ENA 2.10.0', sut: 'rep-a', peer: 'rep-b' });
  const response = await fetch(`${baseUrl}/api/v1/runs?${query}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: readFileSync(join(samples, fileName)),
  });
  const body = await response.text();
  assert.equal(response.status, 201, `${fileName}: ${body}`);
  return JSON.parse(body);
}

/** The report's formats, written out here independently: two decimals in Gbit/s or Mbit/s, loss %, jitter ms. */
function rate(run) {
  const bps = run.receivedBitsPerSecond;
  return bps >= GBIT ? `${(bps / GBIT).toFixed(2)} Gbit/s` : `${(bps / 1e6).toFixed(2)} Mbit/s`;
}

function loss(run) {
  return `${run.lostPercent.toFixed(2)}%`;
}

function jitter(run) {
  return `${run.jitterMs.toFixed(3)} ms`;
}

/** The report's % of the burst limit, one decimal, from the run's own summary. */
const ofBurst = (run) => `${run.percentOfBurstLimit.toFixed(1)}%`;

/** Each body row's cells as text; the first row holds the headings. */
async function tableRows(selector) {
  const rows = await page.locator(`${selector} tr`).evaluateAll((trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent.trim())));
  return rows.filter((cells) => cells.length > 0);
}

/** What Chart.js holds for the canvas, plus how many pixels it painted in the first group's colour. */
function chartContents(canvasId) {
  return page.evaluate((id) => {
    const canvas = document.getElementById(id);
    const chart = window.Chart.getChart(canvas);
    const lines = chart.config.options.plugins.annotation.annotations;
    const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    let bars = 0;
    for (let i = 0; i < pixels.length; i += 4) {
      bars += pixels[i] === 0x64 && pixels[i + 1] === 0x74 && pixels[i + 2] === 0x8b ? 1 : 0;
    }
    return {
      type: chart.config.type,
      datasets: chart.data.datasets.map((d) => ({ label: d.label, data: d.data })),
      burstLimit: lines.burstLimit.yMin,
      barPixels: bars,
    };
  }, canvasId);
}

