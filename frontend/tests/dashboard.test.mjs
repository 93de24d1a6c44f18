// The dashboard in a real browser against the real server jar: sign in, upload through the page, and check that the
// charts show exactly what the public API returns. Needs ../target/burstline.jar (mvn -B -q -DskipTests package).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { splitStub } from '../src/js/intervals.js';
import {
  authorized, closeTest, launchBrowser, results, samples, signInWithToken, startTestServer,
} from './support/server.mjs';

let token;
const hostileDriver = '<script>alert(1)</script>';
const GBIT = 1e9;

let stopServer = async () => {};
let baseUrl;
let context;
let page;
let workDir;
const dialogs = [];
const pageErrors = [];

describe('dashboard in Chromium', () => {
  before(async () => {
    ({ baseUrl, stop: stopServer, workDir, token } = await startTestServer('dashboard'));
    ({ context, page } = await launchBrowser(workDir, { width: 1280, height: 900 }));
    context.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      dialog.dismiss().catch(() => {});
    });
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });

  after(async () => {
    await closeTest({ context, stop: stopServer, workDir });
  });

  test('signs in with the API token and comes back to the upload page', async () => {
    await page.goto(`${baseUrl}/upload`);
    assert.match(new URL(page.url()).pathname, /^\/login/);
    await page.fill('#token', 'not-the-token');
    await page.click('#token-login button[type=submit]');
    assert.match(await page.textContent('.alert.error'), /That user name and password \(or token\) is not valid/);
    await page.fill('#token', token);
    await page.click('#token-login button[type=submit]');
    await page.waitForURL((url) => url.pathname === "/upload");
    assert.equal(await page.getByRole('button', { name: 'Sign out' }).count(), 1);
  });

  test('an empty server explains how to upload', async () => {
    await page.goto(`${baseUrl}/`);
    assert.equal(new URL(page.url()).pathname, '/runs');
    const hint = await page.textContent('.empty pre');
    assert.ok(hint.includes(`curl -X POST '${baseUrl}/api/v1/runs?`), hint);
    await page.screenshot({ path: join(results, 'runs-empty.png'), fullPage: true });
  });

  test('an upload through the page draws exactly what the API returns', async () => {
    const runId = await uploadSample('iperf3-318-tcp-4-download.json', hostileDriver);
    await page.click('.outcome.created a.run-link');
    await page.waitForURL(`${baseUrl}/runs/${runId}`);
    await page.waitForSelector('#throughput-chart[data-ready="true"]');
    await page.waitForSelector('#detail-chart[data-ready="true"]');
    await page.screenshot({ path: join(results, 'run-page-wide.png'), fullPage: true });

    const rows = await (await fetch(`${baseUrl}/api/v1/runs/${runId}/intervals`, authorized(token))).json();
    const chart = await chartContents('throughput-chart');
    assert.ok(chart.annotationPluginRegistered, 'the annotation plugin is registered with Chart.js');
    assert.deepEqual(chart.datasets.map((dataset) => `${dataset.direction}|${dataset.stream}`).sort(),
      [...new Set(rows.map((row) => `${row.direction}|${row.stream}`))].sort());
    for (const dataset of chart.datasets) {
      const expected = points(rows.filter((row) => row.stream === dataset.stream
        && row.direction === dataset.direction));
      assert.deepEqual(dataset.points, expected, `points of ${dataset.label}`);
    }
    assert.equal(chart.annotations.burstLimit.y, 5);
    assert.equal(chart.annotations.burstLimit.label, 'burst limit 5 Gbit/s');
    assert.equal(chart.annotations.baseline.y, 0.512);
    assert.equal(chart.annotations.baseline.label, 'baseline 0.512 Gbit/s');
    assert.ok(chart.burstLineRedPixels > 20, 'the burst limit line is drawn at 5 Gbit/s');
    assert.ok(chart.paintedPixels > 5000, `the canvas is painted (${chart.paintedPixels} pixels)`);
  });

  test('text users typed is shown as text, never run', async () => {
    const driverCell = page.locator('table.report tr', { hasText: 'Driver' }).locator('td');
    assert.equal(await driverCell.textContent(), hostileDriver);
    await page.goto(`${baseUrl}/runs`);
    assert.equal(await page.locator('table.runs td', { hasText: hostileDriver }).count(), 1);
    const received = page.locator('table.runs tbody tr').first()
      .locator('td[data-label="Received"] data[data-unit=rate]');
    assert.match(await received.textContent(), /^\d+(\.\d+)? (G|M)bit\/s$/);
    assert.match(await received.getAttribute('title'), /^[\d,]+(\.\d+)? bit\/s$/);
    await page.screenshot({ path: join(results, 'runs-wide.png'), fullPage: true });
    await page.setViewportSize({ width: 400, height: 800 });
    await page.screenshot({ path: join(results, 'runs-narrow.png'), fullPage: true });
    await page.click('table.runs a');
    await page.waitForSelector('#throughput-chart[data-ready="true"]');
    await page.screenshot({ path: join(results, 'run-page-narrow.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    assert.deepEqual(dialogs, [], 'no dialog opened');
  });

  test('a UDP run with the receiver\'s intervals charts what arrived, with what was sent as a lighter line', async () => {
    const runId = await uploadSample('iperf3-312-udp-1g-upload-server-lab.json', 'ENA 2.11.0');
    await page.goto(`${baseUrl}/runs/${runId}`);
    await page.waitForSelector('#throughput-chart[data-ready="true"]');
    const received = await (await fetch(`${baseUrl}/api/v1/runs/${runId}/intervals?side=receiver`,
      authorized(token))).json();
    const sent = await (await fetch(`${baseUrl}/api/v1/runs/${runId}/intervals?side=sender`, authorized(token))).json();
    const byDefault = await (await fetch(`${baseUrl}/api/v1/runs/${runId}/intervals`,
      authorized(token))).json();
    assert.deepEqual(byDefault, received, 'the default side is the one that received');
    assert.ok(received.length > 0 && received.every((row) => row.side === 'receiver'));

    const chart = await chartContents('throughput-chart');
    const sums = (rows) => points(rows.filter((row) => row.stream === 'sum'));
    assert.deepEqual(chart.datasets.find((d) => d.stream === 'sum').points, sums(received));
    assert.deepEqual(chart.datasets.find((d) => d.stream === 'sent').points, sums(sent));
    assert.match(await page.textContent('#throughput-note'), /what the receiver got; the dashed line is what was sent/);
    await page.screenshot({ path: join(results, 'run-page-udp-received.png'), fullPage: true });
  });

  test('the closing sliver interval is left out of the chart, and the note under it says which and why', async () => {
    // iperf3's server sent this download; its report ends 5.00011-5.001381 s: 1.3 ms at 8.25 Gbit/s after 3.8.
    const runId = await uploadSample('iperf3-312-tcp-1-download-4g-server-lab.json', 'ENA 2.11.0');
    await page.goto(`${baseUrl}/runs/${runId}`);
    await page.waitForSelector('#throughput-chart[data-ready="true"]');
    const received = await (await fetch(`${baseUrl}/api/v1/runs/${runId}/intervals`, authorized(token))).json();
    const sent = await (await fetch(`${baseUrl}/api/v1/runs/${runId}/intervals?side=sender`, authorized(token))).json();
    const sliver = sent.find((row) => row.stream === 'sum' && row.bitsPerSecond > 8e9);
    assert.ok(sliver && sliver.end - sliver.start < 0.002, 'the API keeps the 1.3 ms interval at 8.25 Gbit/s');
    assert.equal(sliver.closing, true, 'and marks it as the closing sliver');
    assert.ok(sent.concat(received).filter((row) => row !== sliver && row.closing)
      .every((row) => row.end === sliver.end), 'only the last interval of a line is marked');

    const chart = await chartContents('throughput-chart');
    const drawn = chart.datasets.flatMap((dataset) => dataset.points);
    assert.ok(drawn.every((point) => point.y < 5), `no point above the 5 Gbit/s burst limit: ${JSON.stringify(drawn)}`);
    const asPoints = (rows) => rows.map((row) => ({ x: row.end, y: row.bitsPerSecond / GBIT }));
    assert.deepEqual(chart.datasets.find((d) => d.stream === 'sent').points,
      asPoints(sent.filter((row) => row.stream === 'sum' && row !== sliver)), 'every other sent interval is drawn');
    for (const dataset of chart.datasets.filter((d) => d.stream !== 'sent')) {
      assert.deepEqual(dataset.points, asPoints(received.filter((row) => row.stream === dataset.stream)),
        `every received interval of ${dataset.label} is drawn`);
    }
    const note = await page.textContent('#throughput-note');
    assert.match(note, /The last interval, 5\.00–5\.00 s \(1\.27 ms\), is not drawn: /);
    assert.match(note, /a rate over so short a time is how the test ended, not what the link carried/);
    assert.match(note, /it stays in the run's intervals \(API, CSV\)/);
    for (const width of [400, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: join(results, `run-page-sliver-${width}.png`), fullPage: true });
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        `no sideways scrolling at ${width} px`);
      const box = await page.locator('#throughput-note').boundingBox();
      const figure = await page.locator('#throughput-note').locator('xpath=..').boundingBox();
      assert.ok(box.x >= figure.x && box.x + box.width <= figure.x + figure.width + 1, `the note wraps at ${width} px`);
    }
  });

  test('a bidir run draws both directions separately, each received with its sent line', async () => {
    const runId = await uploadSample('iperf3-312-tcp-1-bidir-server-lab.json', 'ENA 2.11.0');
    await page.goto(`${baseUrl}/runs/${runId}`);
    await page.waitForSelector('#throughput-chart[data-ready="true"]');

    const chart = await chartContents('throughput-chart');
    const sums = chart.datasets.filter((d) => d.stream === 'sum' || d.stream === 'sent')
      .map((d) => `${d.stream} ${d.direction}`).sort();
    assert.deepEqual(sums, ['sent download', 'sent upload', 'sum download', 'sum upload']);
    for (const dataset of chart.datasets.filter((d) => d.stream === 'sum')) {
      assert.ok(dataset.points.every((point) => point.y < 5.2), `${dataset.label} stays under the 5 Gbit/s shaper`);
    }
    const rows = await (await fetch(`${baseUrl}/api/v1/runs/${runId}/intervals`, authorized(token))).json();
    for (const dataset of chart.datasets.filter((d) => d.stream !== 'sent')) {
      assert.deepEqual(dataset.points, points(rows.filter((row) => row.stream === dataset.stream
        && row.direction === dataset.direction)), `points of ${dataset.label}`);
    }
    // The upload's receiver report ends 5.00-5.002 s: each direction's line is judged on its own.
    assert.match(await page.textContent('#throughput-note'), /The last intervals?, 5\.00–5\.00 s .* not drawn/);
    await page.waitForSelector('#detail-chart[data-ready="true"]');
    assert.doesNotMatch(await page.textContent('#detail-note'), /no retransmit counts/,
      'retransmits come from the sender\'s rows');
    await page.screenshot({ path: join(results, 'run-page-bidir.png'), fullPage: true });
  });

  test('a failed iperf3 run is refused with iperf3\'s own message', async () => {
    await page.goto(`${baseUrl}/upload`);
    await page.setInputFiles('#files', join(samples, 'iperf3-312-error-refused.json'));
    await page.click('form.upload-form button[type=submit]');
    const message = await page.textContent('.outcome.refused .message');
    assert.match(message, /unable to connect to server: Connection refused/);
    await page.screenshot({ path: join(results, 'upload-refused.png'), fullPage: true });
  });

  test('a file over the upload limit is refused in words, by the page and by the server', async () => {
    const big = join(workDir, 'too-large.json');
    writeFileSync(big, Buffer.alloc(17 * 1024 * 1024, 'a'));
    await page.goto(`${baseUrl}/upload`);
    await page.setInputFiles('#files', big);
    await page.click('form.upload-form button[type=submit]');
    assert.match(await page.textContent('#size-problem'), /Larger than this server's limit of 16 MB per file.*too-large\.json/);
    assert.equal(await page.locator('.outcome').count(), 0);

    const csrf = await page.getAttribute('form.upload-form input[name=_csrf]', 'value');
    const response = await page.request.post(`${baseUrl}/upload`, {
      headers: { Accept: 'text/html' },
      multipart: { _csrf: csrf, files: { name: 'too-large.json', mimeType: 'application/json', buffer: readFileSync(big) } },
    });
    assert.equal(response.status(), 413);
    assert.match(await response.text(), /larger than the 16777216 bytes allowed here/);

    // Without the page's script the form sends the file: the server's answer is the readable error page.
    const noScript = await launchBrowser(join(workDir, 'no-script'), { width: 400, height: 800 },
      { javaScriptEnabled: false });
    try {
      await signInWithToken(noScript.page, baseUrl, token);
      await noScript.page.goto(`${baseUrl}/upload`);
      await noScript.page.setInputFiles('#files', big);
      const [answer] = await Promise.all([noScript.page.waitForNavigation(),
        noScript.page.click('form.upload-form button[type=submit]')]);
      assert.equal(answer.status(), 413);
      assert.match(answer.headers()['content-type'], /^text\/html/);
      assert.match(await noScript.page.textContent('.error-page .detail'), /larger than the 16777216 bytes allowed here/);
      assert.equal(await noScript.page.getByRole('link', { name: 'Back to the upload page' }).count(), 1);
      await noScript.page.screenshot({ path: join(results, 'upload-too-large-narrow.png'), fullPage: true });
      await noScript.page.setViewportSize({ width: 1280, height: 900 });
      await noScript.page.screenshot({ path: join(results, 'upload-too-large-wide.png'), fullPage: true });
    } finally {
      await noScript.context.close();
    }
  });

  test('a signed-in user deletes a run from its page', async () => {
    const runId = await uploadSample('iperf3-318-udp-1g-upload.json', 'ENA 2.2.1');
    await page.goto(`${baseUrl}/runs/${runId}`);
    await page.waitForSelector('#detail-chart[data-ready="true"]');
    assert.equal(await page.textContent('#detail-title'), 'Packets per interval');
    await page.click('#delete-run summary');
    assert.match((await page.textContent('#delete-run .confirm-question')).replace(/\s+/g, ' '),
      new RegExp(`Delete run #${runId}\\? Its figures, intervals and raw iperf3 output are gone for good`));
    for (const width of [400, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: join(results, `run-delete-confirm-${width}.png`), fullPage: true });
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        `no sideways scrolling at ${width} px with the question open`);
    }
    await page.click('#delete-run button[type=submit]');
    await page.waitForURL((url) => url.pathname === '/runs');
    assert.match(await page.textContent('.alert.info'), new RegExp(`Run ${runId} was deleted`));
    assert.equal((await fetch(`${baseUrl}/api/v1/runs/${runId}`, authorized(token))).status, 404);
  });

  test('an unknown filter value and an unknown run are answered with readable pages', async () => {
    const list = await page.goto(`${baseUrl}/runs?protocol=XYZ`);
    assert.equal(list.status(), 400);
    assert.match(await page.textContent('.alert.error'), /protocol must be TCP or UDP, not 'XYZ'/);
    const missing = await page.goto(`${baseUrl}/runs/999999`);
    assert.equal(missing.status(), 404);
    assert.match(await page.textContent('.error-page .detail'), /no run with id 999999/);
    assert.deepEqual(pageErrors, [], 'no script errors on any page');
  });
});

/** What a chart line draws of these API rows: the measured ones, without the closing sliver (intervals.js). */
function points(rows) {
  return splitStub(rows.filter((row) => !row.omitted)).drawn
    .map((row) => ({ x: row.end, y: row.bitsPerSecond / GBIT }));
}

async function uploadSample(fileName, driver) {
  await page.goto(`${baseUrl}/upload`);
  await page.setInputFiles('#files', join(samples, fileName));
  await page.fill('input[name=instanceType]', 't4g.large');
  await page.fill('input[name=driver]', driver);
  await page.fill('input[name=sut]', 'sut-a');
  await page.fill('input[name=peer]', 'peer-b');
  await page.click('form.upload-form button[type=submit]');
  const href = await page.getAttribute('.outcome.created a.run-link', 'href');
  await page.screenshot({ path: join(results, 'upload-created.png'), fullPage: true });
  return Number(href.split('/').pop());
}

/** What Chart.js holds for one canvas, plus what it painted: the chart object is reachable via Chart.getChart. */
function chartContents(canvasId) {
  return page.evaluate((id) => {
    const canvas = document.getElementById(id);
    const chart = window.Chart.getChart(canvas);
    const lines = chart.config.options.plugins.annotation.annotations;
    const annotation = (line) => ({ y: line.yMin, label: line.label.content });
    const { width, height } = canvas;
    const pixels = canvas.getContext('2d').getImageData(0, 0, width, height).data;
    let painted = 0;
    for (let i = 3; i < pixels.length; i += 4) {
      painted += pixels[i] > 0 ? 1 : 0;
    }
    const ratio = chart.currentDevicePixelRatio;
    const row = Math.round(chart.scales.y.getPixelForValue(5) * ratio);
    const line = canvas.getContext('2d').getImageData(0, row, width, 1).data;
    let red = 0;
    for (let i = 0; i < line.length; i += 4) {
      red += line[i] > 150 && line[i + 1] < 80 && line[i + 2] < 80 ? 1 : 0;
    }
    return {
      annotationPluginRegistered: Boolean(window.Chart.registry.plugins.get('annotation')),
      datasets: chart.data.datasets.map((dataset) => ({
        label: dataset.label,
        stream: dataset.stream,
        direction: dataset.direction,
        points: dataset.data.map((point) => ({ x: point.x, y: point.y })),
      })),
      annotations: { burstLimit: annotation(lines.burstLimit), baseline: annotation(lines.baseline) },
      paintedPixels: painted,
      burstLineRedPixels: red,
    };
  }, canvasId);
}

