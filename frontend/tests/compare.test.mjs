// The compare page in a real browser against the real server jar: runs of two drivers uploaded through the API, then
// the page must lead with the verdict per scenario (visible at 1280 px without scrolling), say when the cap limits
// both groups (the shared 5 Gbit/s samples sit at ~95% of the limit), keep 95% intervals at or above 0, and draw one
// bar dataset per driver with the API's means and the labelled burst-limit and baseline lines.
// Needs ../target/burstline.jar (mvn -B -q -DskipTests package).
import { headingsBrokenInWords, overflowingElements, plotHeight, scrollers } from './support/layout.mjs';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { authorized, closeTest, openPage, results, samples, startTestServer } from './support/server.mjs';

let token;
const GBIT = 1e9;
const SCENARIOS = ['tcp-1-upload', 'tcp-4-download', 'udp-1g-upload'];
const DIRECTION_SAMPLES = ['iperf3-312-tcp-1-upload-server-lab.json', 'iperf3-312-tcp-1-upload-4950m-server-lab.json',
  'iperf3-312-tcp-1-download.json', 'iperf3-318-tcp-1-download.json', 'iperf3-312-udp-1g-upload-server-lab.json'];

let stopServer = async () => {};
let baseUrl;
let context;
let page;
let workDir;
const pageErrors = [];

describe('compare page in Chromium', () => {
  before(async () => {
    ({ baseUrl, stop: stopServer, workDir, token } = await startTestServer('compare'));
    for (const scenario of SCENARIOS) {
      await upload(`iperf3-312-${scenario}.json`, 'ENA 2.10.0');
      await upload(`iperf3-318-${scenario}.json`, 'ENA 2.11.0');
    }
    // a second 1-stream upload for 2.10.0, the lab run whose shaper dropped to 0.5 Gbit/s half-way: with n = 2 and
    // that spread, Student's t interval reaches far below 0
    await upload('iperf3-312-tcp-1-upload-burst-step-server-lab.json', 'ENA 2.10.0');
    // upload vs download on another pair: two 1-stream runs each way, and a UDP upload without its download twin
    for (const sample of DIRECTION_SAMPLES) {
      await upload(sample, 'ENA 2.11.0', 'cmp-d');
    }
    ({ context, page } = await openPage(workDir, { baseUrl, token, pageErrors }));
  });

  after(async () => {
    await closeTest({ context, stop: stopServer, workDir });
  });

  test('draws grouped bars per scenario with the burst limit and baseline lines', async () => {
    const query = 'groupBy=driver&driver=ENA+2.10.0&driver=ENA+2.11.0&sut=cmp-a';
    const api = await (await fetch(`${baseUrl}/api/v1/compare?${query}`, authorized(token))).json();
    await page.goto(`${baseUrl}/compare?${query}`);
    await page.waitForSelector('#compare-chart[data-ready="true"]');
    await page.screenshot({ path: join(results, 'compare-page.png'), fullPage: true });

    const chart = await chartContents('compare-chart');
    assert.equal(chart.type, 'bar');
    assert.deepEqual(chart.datasets.map((d) => d.label), ['driver ENA 2.10.0', 'driver ENA 2.11.0']);
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

    const rows = await page.locator('#compare-table tbody tr:not(.details-row)').count();
    assert.equal(rows, SCENARIOS.length * 2);
    assert.equal(await page.locator('#compare-table tbody tr.details-row:not([hidden])').count(), 0);
    await page.locator('#compare-table button.details').first().click();
    assert.match(await page.locator('#compare-table tbody tr.details-row').first().textContent(), /Median.*Std dev/s);
    assert.equal(await page.inputValue('input[data-role=group] >> nth=1'), 'ENA 2.11.0');
    assert.deepEqual(pageErrors, []);
  });

  test('leads with a verdict per scenario, visible at 1280 px without scrolling, and says when the cap decides',
    async () => {
      const query = 'groupBy=driver&driver=ENA+2.10.0&driver=ENA+2.11.0&sut=cmp-a';
      const api = await (await fetch(`${baseUrl}/api/v1/compare?${query}`, authorized(token))).json();
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`${baseUrl}/compare?${query}`);
      await page.waitForSelector('#compare-chart[data-ready="true"]');

      const verdicts = page.locator('#compare-verdicts .verdict');
      assert.equal(await verdicts.count(), api.scenarios.length);
      const texts = await verdicts.allTextContents();
      api.scenarios.forEach((s, i) => assert.ok(texts[i].toLowerCase().includes(s.comparison.verdict.toLowerCase()),
        `headline ${i}: ${texts[i]}`));
      const box = await verdicts.first().boundingBox();
      assert.ok(box.y + box.height <= 800, `the first verdict ends at ${box.y + box.height} px, inside the 800 px view`);
      assert.equal(await page.evaluate(() => window.scrollY), 0);

      const capped = api.scenarios.find((s) => s.protocol === 'TCP' && s.streams === 4);
      assert.ok(capped.groups.every((g) => g.meanShareOfBurstLimit >= 90), 'both groups at >= 90% of the limit');
      assert.equal(capped.comparison.verdictKind, 'cap-limits-both');
      assert.ok(texts.some((text) => /the cap limits both on 4-stream download/i.test(text) && /not the driver/.test(text)),
        texts.join(' | '));
      await page.screenshot({ path: join(results, 'compare-page-1280.png') });
      assert.equal(await overflow(), 0, 'no sideways scrolling at 1280 px');
    });

  test('95% intervals never go below 0: cut at 0 and marked', async () => {
    const query = 'groupBy=driver&driver=ENA+2.10.0&driver=ENA+2.11.0&sut=cmp-a';
    const api = await (await fetch(`${baseUrl}/api/v1/compare?${query}`, authorized(token))).json();
    const groups = api.scenarios.flatMap((s) => s.groups).filter((g) => g.ci95Low != null);
    assert.ok(groups.every((g) => g.ci95Low >= 0), JSON.stringify(groups.map((g) => g.ci95Low)));
    const cut = groups.filter((g) => g.ci95Clipped);
    assert.equal(cut.length, 1, 'the 1-stream upload of 2.10.0 (n = 2, 4.78 and 2.63 Gbit/s) is cut at 0');
    assert.equal(cut[0].n, 2);

    await page.goto(`${baseUrl}/compare?${query}`);
    await page.waitForSelector('#compare-chart[data-ready="true"]');
    const lows = await page.evaluate(() => window.Chart.getChart(document.getElementById('compare-chart')).data
      .datasets.flatMap((d) => d.errorBars.filter((e) => e).map((e) => e.low)));
    assert.ok(lows.length > 0 && lows.every((low) => low >= 0), JSON.stringify(lows));
    assert.match(await page.locator('#compare-table').textContent(), /0 \(cut at 0\) – /);
  });

  test('at 400 px the page does not scroll sideways and the chart is tall enough to read', async () => {
    const query = 'groupBy=driver&driver=ENA+2.10.0&driver=ENA+2.11.0&sut=cmp-a';
    await page.setViewportSize({ width: 400, height: 800 });
    await page.goto(`${baseUrl}/compare?${query}`);
    await page.waitForSelector('#compare-chart[data-ready="true"]');
    await page.screenshot({ path: join(results, 'compare-page-400.png'), fullPage: true });

    assert.equal(await overflow(), 0, 'no sideways scrolling at 400 px');
    const chart = await page.locator('#compare-chart').boundingBox();
    assert.ok(chart.height >= 250, `the chart is ${chart.height} px tall`);
    assert.deepEqual(await overflowingElements(page), []);
    assert.deepEqual((await scrollers(page)).filter((box) => !box.hinted), [], 'a table that scrolls says so');
    assert.deepEqual(await headingsBrokenInWords(page), []);
    const plot = await plotHeight(page, 'compare-chart');
    assert.ok(plot >= 240, `the plot keeps ${plot} px under its legend`);
    const legend = await page.evaluate(() => {
      const chart = window.Chart.getChart(document.getElementById('compare-chart'));
      return chart.options.plugins.legend.labels.generateLabels(chart).map((item) => item.text);
    });
    assert.deepEqual(legend, ['driver ENA 2.10.0', 'driver ENA 2.11.0', 'burst limit 5 Gbit/s',
      'baseline 0.512 Gbit/s'], 'groups named by what they are, the limits in the legend rather than on the bars');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  test('by direction: the difference\'s interval, what could explain it, UDP against its target, a readable plot',
    async () => {
      const query = 'groupBy=direction&sut=cmp-d';
      const api = await (await fetch(`${baseUrl}/api/v1/compare?${query}`, authorized(token))).json();
      const twins = api.scenarios.find((s) => s.comparison);
      assert.ok(twins.comparison.explanation, JSON.stringify(twins.comparison));
      const udp = api.scenarios.find((s) => s.protocol === 'UDP');
      assert.equal(udp.direction, 'upload');
      const udpGroup = udp.groups[0];
      assert.ok(Math.abs(udpGroup.meanSentShareOfTarget - udpGroup.meanSentBitsPerSecond / 1e7) < 1e-9);

      for (const width of [1280, 400]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${baseUrl}/compare?${query}`);
        await page.waitForSelector('#compare-chart[data-ready="true"]');
        await page.screenshot({ path: join(results, `compare-direction-${width}.png`), fullPage: true });
        const verdict = page.locator('#compare-verdicts .verdict').first();
        assert.match(await verdict.textContent(), /download is \d+\.\d% (slower|faster) than upload on 1-stream TCP on cmp-d\/cmp-b \(95% interval -?\d+\.\d to -?\d+\.\d%\)/);
        assert.equal(await verdict.locator('.explanation').textContent(),
          `${twins.comparison.explanation.charAt(0).toUpperCase()}${twins.comparison.explanation.slice(1)}.`);
        const rows = await page.locator('#compare-table tbody tr:not(.details-row)').allTextContents();
        const udpRow = rows.find((row) => row.startsWith('UDP'));
        assert.match(udpRow, /^UDP 1 Gbit\/s upload \(no download twin\) \(cmp-d\/cmp-b\)/);
        assert.match(udpRow, /sent \d+\.\d% of target \(\d+\.\d+ (Gbit|Mbit)\/s\)/);
        assert.doesNotMatch(udpRow, /of burst/);
        assert.ok(rows.filter((row) => row.startsWith('TCP')).every((row) => /\d% of burst/.test(row)), rows.join(' | '));
        assert.equal(await overflow(), 0, `no sideways scrolling at ${width} px`);
        assert.deepEqual(await overflowingElements(page), []);
        const plot = await plotHeight(page, 'compare-chart');
        assert.ok(plot >= 240, `at ${width} px the plot keeps ${plot} px`);
      }
      assert.equal(await page.getAttribute('a:text("CSV (comparison)")', 'href'),
        `/api/v1/export/comparison.csv?${query}`);
      await page.setViewportSize({ width: 1280, height: 900 });
    });

  test('a bad selection shows the API\'s problem in words', async () => {
    await page.goto(`${baseUrl}/compare?groupBy=colour`);
    await page.waitForSelector('#compare-problem:not([hidden])');
    assert.match(await page.textContent('#compare-problem'), /groupBy must be one of driver, instanceType, sut, tag/);
  });
});

/** How far the page scrolls sideways (0 when it fits the window). */
function overflow() {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

async function upload(fileName, driver, sut = 'cmp-a') {
  const query = new URLSearchParams({ instanceType: 't4g.large', driver, sut, peer: 'cmp-b' });
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

