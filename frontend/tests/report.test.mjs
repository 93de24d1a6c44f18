// The printable report page in a real browser against the real server jar: real iperf3 runs uploaded through the API,
// then /reports must show the TCP and UDP tables with one row per scenario and direction, figures formatted as the
// report writes them from the runs' own summaries, and draw the comparison chart.
// Needs ../target/burstline.jar (mvn -B -q -DskipTests package).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { headingsBrokenInWords, overflowingElements, plotHeight, scrollers } from './support/layout.mjs';
import {
  authorized, closeTest, launchBrowser, openPage, results, samples, signInWithToken, startTestServer,
} from './support/server.mjs';

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
    // the standard plan's six scenarios, as the seed article measured them
    for (const scenario of ['tcp-1-upload', 'tcp-1-download', 'tcp-4-upload', 'tcp-4-download', 'udp-1g-upload',
      'udp-5g-upload']) {
      runs[scenario] = await upload(`iperf3-312-${scenario}.json`);
    }
    ({ context, page } = await openPage(workDir, { baseUrl, token, pageErrors }));
  });

  after(async () => {
    await closeTest({ context, stop: stopServer, workDir });
  });

  test('shows the TCP and UDP tables with the runs\' figures and draws the chart', async () => {
    await page.goto(`${baseUrl}/reports?sut=rep-a`);
    await page.waitForSelector('#compare-chart[data-ready="true"]');
    await page.screenshot({ path: join(results, 'report-page.png'), fullPage: true });
    const comparisonCsv = await page.getAttribute('a:text-is("CSV (comparison)")', 'href');
    assert.equal(comparisonCsv, '/api/v1/export/comparison.csv?sut=rep-a');
    const csv = await (await fetch(`${baseUrl}${comparisonCsv}`, authorized(token))).text();
    assert.match(csv.split('\n')[0], /percentOfTarget/, 'the report\'s comparison as CSV');

    const tcpRow = (scenario, direction, run) => [scenario, direction, rate(run.receivedBitsPerSecond),
      ofBurst(run), String(run.retransmits)];
    assert.deepEqual(await tableRows('table.tcp'), [
      tcpRow('TCP 1 stream', 'Upload', runs['tcp-1-upload']),
      tcpRow('TCP 1 stream', 'Download', runs['tcp-1-download']),
      tcpRow('TCP 4 streams', 'Upload', runs['tcp-4-upload']),
      tcpRow('TCP 4 streams', 'Download', runs['tcp-4-download']),
    ]);
    assert.deepEqual(await headings('table.tcp'), ['Scenario', 'Direction', 'Received', '% of burst limit',
      'Retransmits']);
    // UDP against its own target by what was sent: the 5G sender reached a sixth of it, the tool's limit
    const udpRow = (scenario, target, run) => [scenario, 'Upload', `${target / GBIT} Gbit/s`,
      rate(run.sentBitsPerSecond), rate(run.receivedBitsPerSecond),
      `${((run.sentBitsPerSecond / target) * 100).toFixed(1)}%`, loss(run), jitter(run)];
    assert.deepEqual(await tableRows('table.udp'), [
      udpRow('UDP 1 Gbit/s', GBIT, runs['udp-1g-upload']),
      udpRow('UDP 5 Gbit/s', 5 * GBIT, runs['udp-5g-upload']),
    ]);
    assert.deepEqual(await headings('table.udp'), ['Scenario', 'Direction', 'Target', 'Sent', 'Received',
      '% of target', 'Packet loss', 'Jitter']);
    assert.match(await page.textContent('h1'), /Network throughput on t4g\.large/);
    const environment = Object.fromEntries(await page.locator('table.environment tr').evaluateAll((trs) =>
      trs.map((tr) => [tr.querySelector('th').textContent.trim(), tr.querySelector('td').textContent.trim()])));
    assert.equal(environment.Driver, 'ENA 2.10.0');
    assert.equal(environment['Instance type'], 't4g.large');
    assert.equal(environment['Burst limit'], `${runs['tcp-1-upload'].burstLimitBitsPerSecond / GBIT} Gbit/s`);
    assert.equal(environment.Baseline, `${runs['tcp-1-upload'].baselineBitsPerSecond / 1e6} Mbit/s`);
    assert.equal(environment.Peer, 'rep-b');
    const down = runs['tcp-1-download'].receivedBitsPerSecond;
    const up = runs['tcp-1-upload'].receivedBitsPerSecond;
    const delta = ((down - up) / up) * 100;
    assert.match(await page.textContent('#report-asymmetry'), new RegExp(`^Upload vs download, each scenario beside `
      + `its twin: TCP 1 stream download is ${Math.abs(delta).toFixed(1)}% ${delta < 0 ? 'slower' : 'faster'} than `
      + 'upload.*; TCP 4 streams download is'));
    const analysis = await page.locator('ul.analysis li').allTextContents();
    const kinds = analysis.map((line) => line.split(' — ')[0]).filter((kind) => /^[a-z-]+$/.test(kind));
    assert.deepEqual(kinds, [...new Set(kinds)], `each kind of finding once: ${analysis.join('\n')}`);
    assert.equal(kinds[0], 'sender-limited', 'a sender short of its target comes before the loss it explains');
    // issue 29: the packet-loss line names each run it covers with its loss and who dropped it
    assert.match(analysis.find((line) => line.startsWith('packet-loss')),
      /UDP 1 Gbit\/s upload lost \d+\.\d%: .* UDP 5 Gbit\/s upload lost \d+\.\d%: /);
    const commands = await page.textContent('pre code');
    assert.match(commands, /iperf3 -c rep-b -p 52\d\d -P 4 -R -t 5 --get-server-output -J/);
    assert.match(commands, /iperf3 -c rep-b -p 52\d\d -u -b 5G -t 5 --get-server-output -J/);
    const ports = commands.split('\n').filter((line) => line.startsWith('iperf3 -c'))
      .map((line) => line.match(/ -p (\d+) /)[1]);
    assert.equal(new Set(ports).size, 6, `a port per scenario: ${ports}`);
    const ink = await page.locator('pre').evaluate((pre) => [getComputedStyle(pre).color,
      getComputedStyle(pre).backgroundColor]);
    assert.notEqual(ink[0], 'rgb(249, 250, 251)', `the commands are readable on their background (${ink})`);

    const chart = await chartContents('compare-chart');
    assert.equal(chart.type, 'bar');
    assert.deepEqual(chart.datasets.map((d) => d.label), ['driver ENA 2.10.0']);
    const order = ['tcp-1-upload', 'tcp-1-download', 'tcp-4-upload', 'tcp-4-download', 'udp-1g-upload',
      'udp-5g-upload'];
    assert.deepEqual(chart.datasets[0].data, order.map((name) => runs[name].receivedBitsPerSecond / GBIT));
    assert.equal(chart.burstLimit, 5);
    assert.deepEqual(chart.limitLabels, { drawn: [], legend: ['burst limit 5 Gbit/s', 'baseline 0.512 Gbit/s'] },
      'the limits are named in the legend, never on the plot over the bars');
    assert.ok(chart.barPixels > 1000, `the bars are painted (${chart.barPixels} pixels)`);
    assert.deepEqual(pageErrors, []);
  });

  for (const width of [400, 1280]) {
    test(`at ${width} px nothing sticks out, scrolling tables say so and headings keep their words`, async () => {
      const { context: narrow, page: view } = await launchBrowser(join(workDir, `profile-${width}`),
        { width, height: 900 });
      try {
        await signInWithToken(view, baseUrl, token);
        await view.goto(`${baseUrl}/reports?sut=rep-a`);
        await view.waitForSelector('#compare-chart[data-ready="true"]');
        await view.evaluate(() => document.fonts.ready);
        await view.screenshot({ path: join(results, `report-page-${width}.png`), fullPage: true });
        assert.deepEqual(await overflowingElements(view), []);
        const boxes = await scrollers(view);
        assert.deepEqual(boxes.filter((box) => !box.hinted), [], 'every table that scrolls shows its hint');
        if (width === 400) {
          assert.ok(boxes.some((box) => box.table === 'udp'), `the UDP table's eight columns scroll at 400 px`);
        } else {
          assert.deepEqual(boxes, [], 'nothing scrolls at 1280 px');
          assert.equal(await view.locator('.scroll-hint:visible').count(), 0);
        }
        assert.deepEqual(await headingsBrokenInWords(view), []);
        const plot = await plotHeight(view, 'compare-chart');
        assert.ok(plot >= 240, `the chart keeps ${plot} px of plot`);
      } finally {
        await narrow.close();
      }
    });
  }

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
function rate(bps) {
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

async function headings(selector) {
  return page.locator(`${selector} th`).allTextContents().then((texts) => texts.map((text) => text.trim()));
}

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
    const legend = chart.options.plugins.legend.labels.generateLabels(chart).map((item) => item.text);
    return {
      limitLabels: { drawn: Object.values(lines).filter((line) => line.label.display).map((line) => line.label.content),
        legend: legend.filter((text) => /limit|baseline/.test(text)) },
      type: chart.config.type,
      datasets: chart.data.datasets.map((d) => ({ label: d.label, data: d.data })),
      burstLimit: lines.burstLimit.yMin,
      barPixels: bars,
    };
  }, canvasId);
}

